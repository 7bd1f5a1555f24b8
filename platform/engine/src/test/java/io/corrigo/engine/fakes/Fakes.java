package io.corrigo.engine.fakes;

import io.corrigo.api.Answer;
import io.corrigo.api.Citation;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.Generator;
import io.corrigo.api.Passage;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Source;
import io.corrigo.api.text.Terms;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Small hand-written fakes for the engine's tests. */
public final class Fakes {

    private Fakes() {
    }

    public static Passage kb(String id, String text) {
        return Passage.of(id, text, Source.knowledgeBase("doc-" + id, "Doc " + id));
    }

    public static Passage web(String id, String text) {
        return Passage.of(id, text, Source.web("https://example.test/" + id, "Page " + id, "https://example.test/" + id));
    }

    /**
     * Scores by word overlap: the share of the query's content words found in the text. Sentences sharing no
     * word score 0, a sentence with every query word scores 1.
     */
    public static RetrievalEvaluator overlapEvaluator() {
        return (query, passage) -> {
            List<String> queryTerms = Terms.contentTerms(query.text());
            Set<String> words = new HashSet<>(Terms.tokens(passage.text()));
            long hits = queryTerms.stream().filter(words::contains).count();
            return queryTerms.isEmpty() ? 0 : (double) hits / queryTerms.size();
        };
    }

    /** Answers with the first context strip and cites it; records what it was given. */
    public static final class EchoGenerator implements Generator {
        public final List<List<ContextStrip>> calls = new ArrayList<>();

        @Override
        public synchronized Answer generate(io.corrigo.api.GenerationRequest request) {
            calls.add(request.context());
            ContextStrip first = request.context().get(0);
            return new Answer(first.text() + " [" + first.citation() + "]",
                    List.of(new Citation(first.citation(), first.source(), first.text())), false);
        }
    }
}

package io.corrigo.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Reranker;
import io.corrigo.api.TermStatistics;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link Reranker}: it returns only the candidates it was given (the same objects, each at most
 * once, never {@code null}), an empty list for no candidates, the passage that answers a question ahead of the others
 * even when the retriever ranked it last, and the same order to many threads at once.
 *
 * @since 1.2.0
 */
public abstract class RerankerContract extends PluginFactoryContract<Reranker> {

    private final HashingEmbeddings embeddings = new HashingEmbeddings();

    /** The sample questions with the passages that answer them. */
    protected List<SampleCorpus.Entry> samples() {
        return SampleCorpus.entries(embeddings);
    }

    /** A query as the pipeline sends it: with the question's embedding. */
    protected final Query query(String text) {
        return new Query(text, embeddings.embed(text), TermStatistics.UNIFORM);
    }

    /** Every sample passage, with the one that answers {@code question} last: the retriever's worst case. */
    private List<Passage> answeringLast(SampleCorpus.Entry question) {
        List<Passage> candidates = new ArrayList<>();
        samples().stream().filter(e -> !e.question().equals(question.question())).forEach(e -> candidates.add(e.passage()));
        candidates.add(question.passage());
        return Collections.unmodifiableList(candidates);
    }

    @Test
    void returns_only_the_candidates_it_was_given__each_at_most_once() {
        Reranker reranker = newInstance();
        for (SampleCorpus.Entry question : samples()) {
            List<Passage> candidates = answeringLast(question);
            List<Passage> ordered = within(() -> reranker.rerank(query(question.question()), candidates));
            assertThat(ordered).as("rerank(...) of \"%s\"", question.question()).isNotNull().doesNotContainNull();
            Map<Passage, Boolean> offered = new IdentityHashMap<>();
            candidates.forEach(p -> offered.put(p, true));
            assertThat(ordered).as("the same passage objects it was given").allMatch(offered::containsKey);
            Map<Passage, Boolean> seen = new IdentityHashMap<>();
            assertThat(ordered).as("each candidate at most once").allMatch(p -> seen.put(p, true) == null);
        }
    }

    @Test
    void returns_an_empty_list_for_no_candidates() {
        Reranker reranker = newInstance();
        assertThat(within(() -> reranker.rerank(query(samples().get(0).question()), List.of()))).isEmpty();
    }

    @Test
    void puts_the_answering_passage_first_even_when_the_retriever_ranked_it_last() {
        Reranker reranker = newInstance();
        for (SampleCorpus.Entry question : samples()) {
            List<Passage> ordered = within(() -> reranker.rerank(query(question.question()), answeringLast(question)));
            assertThat(ordered).as("\"%s\": the passage that answers it comes first", question.question())
                    .first().isSameAs(question.passage());
        }
    }

    @Test
    void gives_the_same_order_to_many_threads_at_once() {
        Reranker reranker = newInstance();
        SampleCorpus.Entry sample = samples().get(1);
        List<Passage> candidates = answeringLast(sample);
        Query query = query(sample.question());
        List<Passage> alone = reranker.rerank(query, candidates);
        List<List<Passage>> together = concurrently(4, () -> reranker.rerank(query, candidates));
        assertThat(together).as("orders under concurrent calls").allSatisfy(o -> assertThat(o).isEqualTo(alone));
    }
}

package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Judgement;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Strip;
import io.corrigo.api.text.Boilerplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * CRAG's retrieval evaluator, offline: the probability that a passage <em>answers</em> the question, from the
 * fitted {@link AnswerhoodModel} over {@link AnswerFeatures}. The pipeline's thresholds cut the probability into
 * CORRECT / AMBIGUOUS / INCORRECT; the reason in the trace lists the probability and the features that carried it.
 * Sentences (refinement's strips) are scored by the model's sentence head: a strip is kept when it carries the
 * answer, not when it resembles the question.
 *
 * <p>Passages without precomputed strips or embeddings (search results a caller did not embed) are split and
 * embedded with the host's service.
 */
final class AnswerhoodEvaluator implements RetrievalEvaluator {

    private final AnswerhoodModel model;
    private final EmbeddingService embeddings;
    private final Recent<Scoring> recent = new Recent<>(64);

    private final Recent<Question> questions = new Recent<>(32);

    AnswerhoodEvaluator(AnswerhoodModel model, EmbeddingService embeddings) {
        this.model = model;
        this.embeddings = embeddings;
    }

    @Override
    public double score(Query query, Passage passage) {
        return judge(query, passage).score();
    }

    @Override
    public Judgement judge(Query query, Passage passage) {
        AnswerFeatures features = features(query);
        Passage embedded = embedded(passage);
        List<String> sentences = embedded.strips().stream().map(Strip::text).toList();
        List<Embedding> vectors = embedded.strips().stream().map(Strip::embedding).toList();
        double[] x = features.passage(embedded.text(), embedded.embedding(), sentences, vectors);
        double p = model.passage().probability(x);
        return new Judgement(p, null, explain(p, x));
    }

    @Override
    public double scoreStrip(Query query, Passage passage, Strip strip) {
        Scoring scoring = recent.find(s -> s.query() == query && s.passage() == passage);
        if (scoring == null) {
            AnswerFeatures features = features(query);
            Passage embedded = embedded(passage);
            scoring = new Scoring(query, passage, features, features.passageContext(embedded.text(),
                    embedded.embedding(), embedded.strips().stream().map(Strip::text).toList(),
                    embedded.strips().stream().map(Strip::embedding).toList()));
            recent.put(scoring);
        }
        Embedding vector = strip.embedding() != null ? strip.embedding()
                : query.embedding() == null ? null : embeddings.embed(strip.text());
        return model.sentence().probability(scoring.features().sentenceInPassage(strip.text(), vector, scoring.context()));
    }

    /** What scoring the sentences of one passage for one question shares. */
    private record Scoring(Query query, Passage passage, AnswerFeatures features, AnswerFeatures.PassageContext context) {
    }

    /**
     * The last few values, found by identity of what they were computed for (a linear scan: a handful of entries).
     * Refinement scores a passage's strips one after another, and recomputing the passage's values for each strip
     * would make a passage cost the square of its sentences; every passage and strip of a run shares its question's.
     */
    private static final class Recent<T> {

        private final Object[] slots;
        private int next;

        Recent(int size) {
            slots = new Object[size];
        }

        @SuppressWarnings("unchecked")
        synchronized T find(java.util.function.Predicate<T> match) {
            for (Object slot : slots) {
                if (slot != null && match.test((T) slot)) {
                    return (T) slot;
                }
            }
            return null;
        }

        synchronized void put(T value) {
            slots[next] = value;
            next = (next + 1) % slots.length;
        }
    }

    /**
     * The question's features, computed once per question: its terms, their weights (index reads), its answer type
     * (regular expressions) are the same for every passage and sentence of a run. Found by identity among the last few
     * questions ({@link Recent}).
     */
    private AnswerFeatures features(Query query) {
        Question known = questions.find(q -> q.query() == query);
        if (known != null) {
            return known.features();
        }
        AnswerFeatures features = new AnswerFeatures(query.text(), query.embedding(), query.termStatistics());
        questions.put(new Question(query, features));
        return features;
    }

    /** A question and its features. */
    private record Question(Query query, AnswerFeatures features) {
    }

    /** The passage with strips and embeddings, computing what is missing (only when the query has an embedding). */
    private Passage embedded(Passage passage) {
        boolean complete = !passage.strips().isEmpty() && passage.embedding() != null
                && passage.strips().stream().allMatch(s -> s.embedding() != null);
        if (complete) {
            return passage;
        }
        List<Strip> strips = new ArrayList<>();
        List<String> sentences = passage.strips().isEmpty() ? Boilerplate.proseSentences(passage.text())
                : passage.strips().stream().map(Strip::text).toList();
        for (int i = 0; i < sentences.size(); i++) {
            Strip given = i < passage.strips().size() ? passage.strips().get(i) : null;
            Embedding vector = given != null && given.embedding() != null ? given.embedding() : embeddings.embed(sentences.get(i));
            strips.add(new Strip(i, sentences.get(i), vector));
        }
        Embedding vector = passage.embedding() != null ? passage.embedding()
                : strips.isEmpty() ? embeddings.embed(passage.text())
                : Embedding.meanOf(strips.stream().map(Strip::embedding).toList());
        return passage.withEmbeddings(vector, strips);
    }

    /** "answers p=0.83 (model v1): coverage 0.71, typeMatch 1.00, cosine 0.62, …" for the trace. */
    private String explain(double p, double[] x) {
        StringBuilder reason = new StringBuilder(String.format(Locale.ROOT, "answers p=%.3f (answerhood v%s):", p,
                model.version()));
        for (int i = 0; i < AnswerFeatures.NAMES.size() - 2; i++) { // the last two are products of the others
            reason.append(String.format(Locale.ROOT, " %s %.2f%s", AnswerFeatures.NAMES.get(i), x[i],
                    i < AnswerFeatures.NAMES.size() - 3 ? "," : ""));
        }
        return reason.toString();
    }
}

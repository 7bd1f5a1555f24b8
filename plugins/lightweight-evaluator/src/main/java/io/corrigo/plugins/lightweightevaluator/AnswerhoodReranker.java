package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Reranker;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Orders candidates by the answerhood model's probability that each answers the question; ties keep the retriever's
 * order. Every candidate is kept: the pipeline takes the best top-k, and grading decides what is trusted.
 */
final class AnswerhoodReranker implements Reranker {

    private final AnswerhoodEvaluator model;

    AnswerhoodReranker(AnswerhoodEvaluator model) {
        this.model = model;
    }

    @Override
    public List<Passage> rerank(Query query, List<Passage> candidates) {
        double[] scores = candidates.stream().mapToDouble(passage -> model.score(query, passage)).toArray();
        return IntStream.range(0, candidates.size()).boxed()
                .sorted(Comparator.<Integer>comparingDouble(i -> -scores[i]).thenComparingInt(i -> i))
                .map(candidates::get)
                .toList();
    }
}

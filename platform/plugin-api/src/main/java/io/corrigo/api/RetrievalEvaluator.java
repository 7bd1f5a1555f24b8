package io.corrigo.api;

import java.util.List;
import java.util.Map;

/**
 * Scores how relevant a passage is to a query, in [0, 1]: CRAG's retrieval evaluator.
 *
 * <p>The pipeline turns the score into a grade with the tenant's thresholds (at or above the upper one:
 * CORRECT; below the lower one: INCORRECT; else AMBIGUOUS), so scores should be comparable across
 * queries. It also scores single sentences ("strips") when it refines the kept passages.
 *
 * <p><b>How to implement.</b> Return a value in [0, 1] and never {@code null}; a score outside that range is
 * clamped and reported as a contract breach in the trace. Use {@link Query#embedding()} and
 * {@link Passage#embedding()} when they are present rather than embedding again. Throwing is allowed: the
 * pipeline grades the passage AMBIGUOUS and records the error. Instances are called from several threads.
 */
@FunctionalInterface
public interface RetrievalEvaluator {

    /** The relevance of {@code passage} to {@code query}, in [0, 1]. */
    double score(Query query, Passage passage);

    /**
     * The full verdict on {@code passage}: what the pipeline actually calls when it grades retrieved passages. The
     * default is {@link Judgement#of(double) score(query, passage)}, graded by the tenant's thresholds. Override it
     * when the evaluator decides a grade itself (an LLM answering CORRECT / AMBIGUOUS / INCORRECT), or when it could
     * not judge and wants the passage graded AMBIGUOUS with a reason instead of throwing.
     */
    default Judgement judge(Query query, Passage passage) {
        return Judgement.of(score(query, passage));
    }

    /**
     * The relevance of one sentence of {@code passage} to {@code query}, in [0, 1]. The default scores the
     * strip as a passage of its own; override it when strips deserve another scale.
     */
    default double scoreStrip(Query query, Passage passage, Strip strip) {
        Passage single = new Passage(passage.id() + "/" + strip.index(), strip.text(), passage.source(),
                passage.retrievalScore(), strip.embedding(), List.of(strip), Map.of());
        return score(query, single);
    }
}

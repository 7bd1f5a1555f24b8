package io.corrigo.api;

import java.util.Objects;

/**
 * A passage with the evaluator's score and the grade the pipeline gave it.
 *
 * @param passage the passage
 * @param score   relevance in [0, 1]
 * @param grade   the grade from the pipeline's thresholds
 * @param error   why the evaluator could not score it (then graded AMBIGUOUS), or {@code null}
 */
public record ScoredPassage(Passage passage, double score, Grade grade, String error) {

    public ScoredPassage {
        Objects.requireNonNull(passage, "passage");
        Objects.requireNonNull(grade, "grade");
    }
}

package io.corrigo.engine.grade;

import io.corrigo.api.Grade;

/**
 * CRAG's two thresholds: at or above {@code upper} a passage is CORRECT, below {@code lower} INCORRECT,
 * in between AMBIGUOUS.
 */
public record Thresholds(double upper, double lower) {

    public Thresholds {
        if (lower > upper) {
            throw new IllegalArgumentException("lower threshold " + lower + " exceeds upper threshold " + upper);
        }
    }

    /** The grade of a score. */
    public Grade grade(double score) {
        if (score >= upper) {
            return Grade.CORRECT;
        }
        return score < lower ? Grade.INCORRECT : Grade.AMBIGUOUS;
    }
}

package io.corrigo.engine.confidence;

/**
 * Turns the grade an answer rests on into the probability that the answer is right (Platt scaling):
 * {@code p = 1 / (1 + exp(-(slope · logit(grade) + intercept)))}. The grade is the probability that a passage answers
 * the question; read as the probability that the served answer is right it is too high where the grader is sure and
 * too low where it is not, so the confidence an asker is shown goes through this mapping. It keeps the order of
 * answers (the risk–coverage curve is the same), and changes what a score means.
 * <p>
 * {@link #DEFAULT} is fitted by {@code tools/confidence/fit_confidence.py} on the served answers of the tuning halves
 * of the trust, development and SQuAD 2.0 hold-out evaluations, and checked on their held-out halves
 * (docs/quality, 2026-11-29).
 *
 * @param slope     the weight of the grade's log-odds (positive: a higher grade, a higher probability)
 * @param intercept the log-odds of a right answer at grade ½
 */
public record ConfidenceCalibration(double slope, double intercept) {

    /** The shipped fit (see the class comment for its data). */
    public static final ConfidenceCalibration DEFAULT = new ConfidenceCalibration(0.3217, -0.0115);

    private static final double EPS = 1e-4;

    public ConfidenceCalibration {
        if (!(slope > 0) || Double.isInfinite(slope) || Double.isNaN(intercept) || Double.isInfinite(intercept)) {
            throw new IllegalArgumentException("a calibration needs a positive, finite slope and a finite intercept: "
                    + slope + ", " + intercept);
        }
    }

    /** The probability that an answer resting on {@code grade} (clamped to [0, 1]) is right. */
    public double probability(double grade) {
        double g = Math.min(1 - EPS, Math.max(EPS, Double.isNaN(grade) ? 0 : grade));
        return 1 / (1 + Math.exp(-(slope * Math.log(g / (1 - g)) + intercept)));
    }
}

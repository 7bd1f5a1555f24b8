package io.corrigo.engine.confidence;

import io.corrigo.api.Answer;
import io.corrigo.api.Citation;
import io.corrigo.engine.trace.CritiqueDecision;
import io.corrigo.engine.trace.CritiqueRound;
import io.corrigo.engine.trace.PassageTrace;
import io.corrigo.engine.trace.RunTrace;
import java.util.List;
import java.util.Objects;

/**
 * How sure a served answer is, told to the asker as a level, never as a raw score: the probability that the answer is
 * right, from the grade of the best passage it rests on through a {@link ConfidenceCalibration}. The score orders
 * answers (the evaluation's risk–coverage curve is drawn over it) and means what it says (the evaluation's reliability
 * table shows how often each tenth of it was right); the level is the score against the pipeline's
 * {@code confidenceHigh} threshold, chosen from an evaluation for an error budget.
 * <p>
 * The critic's support is kept beside it but does not weigh in: on the tuning halves of the trust, development and
 * SQuAD 2.0 sets, answers with more support were wrong as often or more often (a quoted sentence that does not answer
 * is fully supported), and the score with it ordered answers worse than the grade alone (docs/quality, 2026-11-29).
 *
 * @param score      in [0, 1]: the calibrated probability that the answer is right (see the evaluation's
 *                   reliability table for how well it holds, per tenant)
 * @param level      {@link Level#HIGH} at or above the threshold, else {@link Level#MEDIUM} (what follows is the pipeline's
 *                   {@link io.corrigo.engine.settings.MediumConfidence})
 * @param sources    how many distinct sources the answer cites ("Checked against 2 sources")
 * @param evidence   the best evaluator score among the passages the answer was made from, or {@code null} (naive)
 * @param support    the critic's mean sentence support of the served answer, or {@code null} when not judged
 * @param firstRound whether the served answer was the first candidate (no regeneration, no re-retrieval)
 */
public record AnswerConfidence(double score, Level level, int sources, Double evidence, Double support,
                               boolean firstRound) {

    /** What the asker is told. */
    public enum Level {
        /** Above the tenant's threshold: served plainly. */
        HIGH,
        /** Below it: served, flagged or withheld by the tenant's choice. */
        MEDIUM
    }

    /** The score of a served answer whose passages have no grade (naive runs): nothing vouches for it. */
    static final double UNGRADED = 0.5;

    public AnswerConfidence {
        Objects.requireNonNull(level, "level");
        if (score < 0 || score > 1 || Double.isNaN(score)) {
            throw new IllegalArgumentException("score must be in [0, 1]: " + score);
        }
    }

    /**
     * The confidence of {@code answer}, made as {@code trace} says, against threshold {@code highAt}; {@code null} for
     * an abstention.
     */
    public static AnswerConfidence of(Answer answer, RunTrace trace, double highAt) {
        if (answer.abstained()) {
            return null;
        }
        Double evidence = evidence(trace);
        CritiqueRound served = served(trace.rounds());
        Double support = served == null ? null : served.support();
        boolean first = served == null || served.round() == 1;
        double score = score(evidence);
        return new AnswerConfidence(score, score >= highAt ? Level.HIGH : Level.MEDIUM, sources(answer.citations()),
                evidence, support, first);
    }

    /**
     * The score: the best passage grade through the shipped calibration; {@value #UNGRADED} for a run that graded
     * nothing.
     */
    static double score(Double evidence) {
        return evidence == null ? UNGRADED : ConfidenceCalibration.DEFAULT.probability(evidence);
    }

    /** The best grade among the passages kept for the answer (knowledge base and web), {@code null} when none. */
    static Double evidence(RunTrace trace) {
        Double best = null;
        for (List<PassageTrace> passages : List.of(trace.retrieved(), trace.searchResults())) {
            for (PassageTrace p : passages) {
                if (p.kept() && p.score() != null && (best == null || p.score() > best)) {
                    best = p.score();
                }
            }
        }
        return best;
    }

    private static int sources(List<Citation> citations) {
        return (int) citations.stream().map(c -> c.source().documentId()).distinct().count();
    }

    /**
     * The critique round whose answer was served: the one decided SERVE, else (served best of the rounds) the judged
     * round with the most support; {@code null} when no round was judged.
     */
    public static CritiqueRound served(List<CritiqueRound> rounds) {
        CritiqueRound best = null;
        for (CritiqueRound round : rounds) {
            if (round.support() == null) {
                continue;
            }
            if (round.decision() == CritiqueDecision.SERVE) {
                return round;
            }
            if (best == null || round.support() > best.support()) {
                best = round;
            }
        }
        return best;
    }
}

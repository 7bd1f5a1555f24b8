package io.corrigo.api;

/**
 * A {@link RetrievalEvaluator}'s full verdict on a passage: a score, and optionally a grade that overrides the
 * pipeline's thresholds (for evaluators, such as LLM graders, that answer with a label rather than a number).
 *
 * @param score  relevance in [0, 1]
 * @param grade  the grade to use regardless of thresholds, or {@code null} to grade {@code score} by them
 * @param reason why, for the trace (e.g. "grader output unparseable: …"), or {@code null}
 */
public record Judgement(double score, Grade grade, String reason) {

    /** A plain score, graded by the pipeline's thresholds. */
    public static Judgement of(double score) {
        return new Judgement(score, null, null);
    }
}

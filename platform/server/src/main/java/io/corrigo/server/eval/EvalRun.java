package io.corrigo.server.eval;

import java.util.List;
import java.util.Map;

/**
 * One question through one pipeline.
 *
 * @param pipeline     the pipeline's name in the report
 * @param question     the labelled question
 * @param action       CORRECT / AMBIGUOUS / INCORRECT, or {@code null} (naive, or retrieval skipped)
 * @param abstained    whether the answer is an abstention
 * @param answer       the answer text
 * @param context      the sentences handed to the generator (kept strips), or {@code null} when the trace does not
 *                     hold them (naive runs record passage ids only)
 * @param stageMillis  time per stage
 * @param totalMillis  end to end
 * @param rounds       critique rounds (0: not critiqued)
 * @param degraded     whether a plugin failure (an error, a timeout, an open breaker) made the answer worse: a metric
 *                     computed over such runs measures the failure, not the pipeline
 * @param notices      what the run had to work around, as the trace says it
 * @param confidence   how sure the served answer is ({@code null} for an abstention, or a run recorded without it)
 */
public record EvalRun(String pipeline, EvalQuestion question, String action, boolean abstained, String answer,
                      List<String> context, Map<String, Double> stageMillis, double totalMillis, int rounds,
                      boolean degraded, List<String> notices, Double faithfulness, Double relevancy,
                      CitationCheck citations, io.corrigo.engine.confidence.AnswerConfidence confidence) {

    public EvalRun {
        notices = notices == null ? List.of() : List.copyOf(notices);
        citations = citations == null ? CitationCheck.NONE : citations;
    }

    /** A run without its answer's confidence. */
    public EvalRun(String pipeline, EvalQuestion question, String action, boolean abstained, String answer,
                   List<String> context, Map<String, Double> stageMillis, double totalMillis, int rounds,
                   boolean degraded, List<String> notices, Double faithfulness, Double relevancy,
                   CitationCheck citations) {
        this(pipeline, question, action, abstained, answer, context, stageMillis, totalMillis, rounds, degraded, notices,
                faithfulness, relevancy, citations, null);
    }

    /** A run whose citations were not checked. */
    public EvalRun(String pipeline, EvalQuestion question, String action, boolean abstained, String answer,
                   List<String> context, Map<String, Double> stageMillis, double totalMillis, int rounds,
                   boolean degraded, List<String> notices, Double faithfulness, Double relevancy) {
        this(pipeline, question, action, abstained, answer, context, stageMillis, totalMillis, rounds, degraded, notices,
                faithfulness, relevancy, CitationCheck.NONE);
    }
}

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
 */
public record EvalRun(String pipeline, EvalQuestion question, String action, boolean abstained, String answer,
                      List<String> context, Map<String, Double> stageMillis, double totalMillis, int rounds) {
}

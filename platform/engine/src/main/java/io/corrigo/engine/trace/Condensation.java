package io.corrigo.engine.trace;

import java.util.List;

/**
 * How a conversation's follow-up became the question the run answered.
 *
 * @param asked      the follow-up as the user wrote it
 * @param standalone the question retrieved and answered for
 * @param by         {@code rules} (the offline condenser) or {@code rewriter} (the pipeline's query-rewriter plugin)
 * @param rule       which rule applied ({@code ellipsis}, {@code pronoun}, {@code implicit topic}, {@code unchanged}),
 *                   or {@code null} when the rewriter did it
 * @param history    the earlier questions it was read against, oldest first (their standalone forms)
 */
public record Condensation(String asked, String standalone, String by, String rule, List<String> history) {

    public Condensation {
        history = history == null ? List.of() : List.copyOf(history);
    }

    /** Whether the question was changed. */
    public boolean changed() {
        return !asked.equals(standalone);
    }
}

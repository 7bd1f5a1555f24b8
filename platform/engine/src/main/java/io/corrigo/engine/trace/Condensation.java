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
 * @param history    the earlier questions it was read against, oldest first, as the user asked them
 * @param used       which of them it drew on, 1-based (the topic's turn, the question an ellipsis completes); empty
 *                   when it was left unchanged; {@code null} in traces stored before this was recorded
 * @param clarification for a follow-up whose referent could not be told, the question asked back instead of an
 *                   answer; else {@code null}
 * @param choices    the readings a user may pick from when the follow-up could be read more than one way (one click
 *                   asks that question); empty otherwise
 */
public record Condensation(String asked, String standalone, String by, String rule, List<String> history,
                           List<Integer> used, String clarification, List<Choice> choices) {

    public Condensation {
        history = history == null ? List.of() : List.copyOf(history);
        used = used == null ? List.of() : List.copyOf(used);
        choices = choices == null ? List.of() : List.copyOf(choices);
    }

    /** As the canonical constructor, with no choices. */
    public Condensation(String asked, String standalone, String by, String rule, List<String> history,
                        List<Integer> used, String clarification) {
        this(asked, standalone, by, rule, history, used, clarification, List.of());
    }

    /**
     * One reading of an ambiguous follow-up.
     *
     * @param label    what the pronoun would stand for ("Marie Curie")
     * @param question the follow-up read that way, standing alone
     */
    public record Choice(String label, String question) {
    }

    /** Whether the question was changed. */
    public boolean changed() {
        return !asked.equals(standalone);
    }
}

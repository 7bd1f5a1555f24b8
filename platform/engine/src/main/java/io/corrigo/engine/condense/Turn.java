package io.corrigo.engine.condense;

import java.util.Objects;

/**
 * One earlier turn of a conversation.
 *
 * @param question the question as it was answered: its standalone (condensed) form
 * @param answer   the answer served, or an empty text
 */
public record Turn(String question, String answer) {

    public Turn {
        Objects.requireNonNull(question, "question");
        answer = answer == null ? "" : answer;
    }
}

package io.corrigo.engine.condense;

import java.util.Objects;

/**
 * One earlier turn of a conversation.
 *
 * @param question the question as the user asked it (not its condensed form: a follow-up is always read against
 *                 the user's own words, so that one wrong rewrite does not feed the next)
 * @param answer   the answer served, or an empty text
 */
public record Turn(String question, String answer) {

    public Turn {
        Objects.requireNonNull(question, "question");
        answer = answer == null ? "" : answer;
    }
}

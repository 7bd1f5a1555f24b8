package io.corrigo.engine.condense;

import io.corrigo.api.Passage;
import java.util.List;
import java.util.Objects;

/**
 * One earlier turn of a conversation.
 *
 * @param question the question as the user asked it (not its condensed form: a follow-up is always read against
 *                 the user's own words, so that one wrong rewrite does not feed the next)
 * @param answer   the answer served, or an empty text
 * @param cited    the passages the answer cited, as they were graded then: a follow-up grades them again for its own
 *                 question beside what it retrieves, and keeps only those that answer it (never carried unchecked);
 *                 empty when the answer cited nothing or they were not kept
 */
public record Turn(String question, String answer, List<Passage> cited) {

    public Turn {
        Objects.requireNonNull(question, "question");
        answer = answer == null ? "" : answer;
        cited = cited == null ? List.of() : List.copyOf(cited);
    }

    /** A turn whose cited passages are not known. */
    public Turn(String question, String answer) {
        this(question, answer, List.of());
    }
}

package io.corrigo.api;

import java.util.List;
import java.util.Objects;

/**
 * What a {@link Generator} returns: an answer with its citations, or an abstention.
 *
 * @param text      the answer with citation markers such as {@code [1]}, or the abstention message
 * @param citations the sources cited in {@code text}; empty when abstained
 * @param abstained true when the generator declined to answer because the context does not answer the question
 */
public record Answer(String text, List<Citation> citations, boolean abstained) {

    public Answer {
        Objects.requireNonNull(text, "text");
        citations = citations == null ? List.of() : List.copyOf(citations);
    }

    /** An abstention with a message for the user. */
    public static Answer abstain(String message) {
        return new Answer(message, List.of(), true);
    }
}

package io.corrigo.api;

import java.util.List;
import java.util.Objects;

/**
 * What a {@link Generator} returns: an answer with its citations, or an abstention.
 *
 * @param text       the answer with citation markers such as {@code [1]}, or the abstention message; never containing
 *                   reflection tokens
 * @param citations  the sources cited in {@code text}; empty when abstained
 * @param abstained  true when the generator declined to answer because the context does not answer the question
 * @param reflection the Self-RAG reflection tokens the model emitted, or {@code null} (most generators)
 */
public record Answer(String text, List<Citation> citations, boolean abstained, Reflection reflection) {

    public Answer {
        Objects.requireNonNull(text, "text");
        citations = citations == null ? List.of() : List.copyOf(citations);
    }

    /** An answer without reflection tokens. */
    public Answer(String text, List<Citation> citations, boolean abstained) {
        this(text, citations, abstained, null);
    }

    /** An abstention with a message for the user. */
    public static Answer abstain(String message) {
        return new Answer(message, List.of(), true);
    }
}

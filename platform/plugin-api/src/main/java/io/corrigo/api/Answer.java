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
 * @param usage      the tokens the model reported for this answer, or {@code null} when it reported none (since 1.4.0;
 *                   the host then labels its counts as estimates)
 */
public record Answer(String text, List<Citation> citations, boolean abstained, Reflection reflection, TokenUsage usage) {

    public Answer {
        Objects.requireNonNull(text, "text");
        citations = citations == null ? List.of() : List.copyOf(citations);
    }

    /** An answer without a token count (the constructor of API 1.0 to 1.3). */
    public Answer(String text, List<Citation> citations, boolean abstained, Reflection reflection) {
        this(text, citations, abstained, reflection, null);
    }

    /** An answer without reflection tokens. */
    public Answer(String text, List<Citation> citations, boolean abstained) {
        this(text, citations, abstained, null);
    }

    /**
     * This answer with the tokens the model reported for it.
     *
     * @since 1.4.0
     */
    public Answer withUsage(TokenUsage value) {
        return new Answer(text, citations, abstained, reflection, value);
    }

    /** An abstention with a message for the user. */
    public static Answer abstain(String message) {
        return new Answer(message, List.of(), true);
    }
}

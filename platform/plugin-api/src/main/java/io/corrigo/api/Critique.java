package io.corrigo.api;

import java.util.List;
import java.util.Objects;

/**
 * A {@link Critic}'s judgement of one answer: Self-RAG's ISSUP per sentence and ISUSE for the whole.
 *
 * @param sentences  one judgement per sentence of the answer, in answer order
 * @param usefulness how useful the answer is for the question, 1 (useless) to 5 (complete and to the point)
 * @param reason     a short explanation for the trace, or {@code null}
 */
public record Critique(List<SentenceSupport> sentences, int usefulness, String reason) {

    public Critique {
        sentences = sentences == null ? List.of() : List.copyOf(sentences);
        sentences.forEach(s -> Objects.requireNonNull(s, "sentence judgement"));
        if (usefulness < 1 || usefulness > 5) {
            throw new IllegalArgumentException("usefulness must be between 1 and 5, was " + usefulness);
        }
    }

    /**
     * The mean {@link Support#weight()} of the sentences in [0, 1]; 0 for an answer without sentences.
     */
    public double support() {
        return sentences.stream().mapToDouble(s -> s.support().weight()).average().orElse(0);
    }

    /** Whether some sentence is {@link Support#NONE not supported}. */
    public boolean hasUnsupported() {
        return sentences.stream().anyMatch(s -> s.support() == Support.NONE);
    }

    /** Whether some sentence is at least partially supported. */
    public boolean hasSupported() {
        return sentences.stream().anyMatch(s -> s.support() != Support.NONE);
    }
}

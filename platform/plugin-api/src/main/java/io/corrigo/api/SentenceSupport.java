package io.corrigo.api;

import java.util.Objects;

/**
 * The support judgement for one sentence of an answer.
 *
 * @param sentence the sentence as it appears in the answer (citation markers included)
 * @param support  fully, partially or not supported by the context
 * @param score    the critic's confidence that the sentence is supported, in [0, 1]
 * @param evidence the context text the judgement rests on, or {@code null}
 */
public record SentenceSupport(String sentence, Support support, double score, String evidence) {

    public SentenceSupport {
        Objects.requireNonNull(sentence, "sentence");
        Objects.requireNonNull(support, "support");
    }
}

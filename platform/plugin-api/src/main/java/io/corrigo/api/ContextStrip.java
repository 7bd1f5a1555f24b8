package io.corrigo.api;

import java.util.Objects;

/**
 * One piece of the refined context a {@link Generator} answers from: a kept sentence (or, in naive mode, a
 * whole passage) with the citation number it must be cited by.
 *
 * @param citation  the number to cite it by, from 1; strips of the same passage share a number
 * @param text      the text
 * @param source    its source
 * @param relevance the evaluator's score for it in [0, 1] (in naive mode, the retrieval rank mapped to (0, 1])
 * @param embedding its embedding, or {@code null}
 */
public record ContextStrip(int citation, String text, Source source, double relevance, Embedding embedding) {

    public ContextStrip {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(source, "source");
        if (citation < 1) {
            throw new IllegalArgumentException("citation numbers start at 1");
        }
    }
}

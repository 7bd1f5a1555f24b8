package io.corrigo.api;

import java.util.Objects;

/**
 * A numbered reference from an answer to its source.
 *
 * @param number the number used in the answer text, e.g. {@code [2]}
 * @param source the cited source
 * @param quote  the passage text the answer relies on (a sentence or more)
 */
public record Citation(int number, Source source, String quote) {

    public Citation {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(quote, "quote");
    }
}

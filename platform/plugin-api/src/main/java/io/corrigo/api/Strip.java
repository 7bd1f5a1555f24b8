package io.corrigo.api;

import java.util.Objects;

/**
 * A "knowledge strip" (CRAG): one sentence of a passage, the unit the pipeline grades and keeps or drops
 * when it refines retrieved knowledge.
 *
 * @param index     the position of the strip in its passage, from 0
 * @param text      the sentence
 * @param embedding its embedding, or {@code null} when it was not computed at index time
 */
public record Strip(int index, String text, Embedding embedding) {

    public Strip {
        Objects.requireNonNull(text, "text");
        if (index < 0) {
            throw new IllegalArgumentException("strip index must not be negative");
        }
    }
}

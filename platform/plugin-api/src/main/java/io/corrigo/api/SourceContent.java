package io.corrigo.api;

import java.util.Objects;

/**
 * A fetched item's bytes.
 *
 * @param bytes       the content as the source holds it (the host detects its type by content)
 * @param contentType the type the source declared, or {@code null}
 * @since 1.6.0
 */
public record SourceContent(byte[] bytes, String contentType) {

    public SourceContent {
        Objects.requireNonNull(bytes, "bytes");
    }
}

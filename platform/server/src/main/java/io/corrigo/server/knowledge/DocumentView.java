package io.corrigo.server.knowledge;

import java.time.Instant;

/** A document as the API shows it. */
public record DocumentView(String id, String name, String contentType, String status, int chunkCount, String error,
                           Instant createdAt, Instant updatedAt) {
}

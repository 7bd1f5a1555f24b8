package io.corrigo.server.knowledge;

import java.time.Instant;

/** A document as the API shows it: QUEUED, INDEXING, INDEXED or FAILED (with the reason in {@code error}). */
public record DocumentView(String id, String knowledgeBase, String name, String contentType, String status, int chunkCount, Long sizeBytes,
                           String jobId, String error, Instant createdAt, Instant updatedAt) {
}

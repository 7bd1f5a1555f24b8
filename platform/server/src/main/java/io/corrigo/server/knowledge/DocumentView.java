package io.corrigo.server.knowledge;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A document as the API shows it: QUEUED, INDEXING, INDEXED or FAILED (with the reason in {@code error}), with its
 * collections, the groups that may read it (empty: everyone of the tenant) and its metadata.
 */
public record DocumentView(String id, String knowledgeBase, String name, String contentType, String status, int chunkCount, Long sizeBytes,
                           String jobId, String error, Instant createdAt, Instant updatedAt, List<String> collections,
                           List<String> groups, Map<String, String> metadata) {
}

package io.corrigo.server.knowledge;

import java.time.Instant;
import java.util.List;

/**
 * An ingestion job as the API shows it.
 *
 * @param progress  0–1: chunks done / total once the documents are parsed, documents done / total before
 * @param host      the host working on it (or that last did), {@code corrigo.host-id}; null while queued
 * @param documents the job's documents with their state, chunk counts and errors
 */
public record JobView(String id, String tenant, String kind, String state, int documentsTotal, int documentsDone,
                      int documentsFailed, int chunksTotal, int chunksDone, double progress, Instant createdAt,
                      Instant updatedAt, String host, List<DocumentView> documents) {

    public boolean finished() {
        return state.equals("DONE") || state.equals("FAILED");
    }
}

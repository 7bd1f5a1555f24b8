package io.corrigo.api;

import java.util.List;

/**
 * The writable side of a {@link Retriever}: the host hands it the chunks of a tenant's documents, already cut
 * into passages with their embeddings and sentence strips (each strip with its embedding).
 *
 * <p><b>How to implement.</b> Store whatever your {@link Retriever#retrieve} needs, including the strips and
 * embeddings so they can be returned with each passage. {@link #upsert} replaces passages with the same id;
 * {@link #deleteDocument} removes every passage of one document. Changes must be visible to
 * {@code retrieve} when the call returns. Calls may come from several threads.
 */
public interface KnowledgeIndex {

    /** Adds the passages, replacing any with the same {@link Passage#id()}. */
    void upsert(List<Passage> passages);

    /** Removes every passage whose {@link Source#documentId()} is {@code documentId}. */
    void deleteDocument(String documentId);

    /** How many passages the index holds. */
    long size();

    /**
     * A bulk load is over: reorganise the index for searching (merge segments, rebuild a graph), if that helps. Searches
     * and writes must keep working meanwhile; it may take long on a large index, so the caller runs it off any
     * request. Does nothing by default.
     *
     * @since 1.5.0
     */
    default void compact() {
    }
}

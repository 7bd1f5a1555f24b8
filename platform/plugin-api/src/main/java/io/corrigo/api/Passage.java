package io.corrigo.api;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A piece of text returned by a {@link Retriever} or a {@link SearchProvider}, or handed to a
 * {@link KnowledgeIndex} to store.
 *
 * <p>Retrievers that store embeddings at index time return them here ({@link #embedding()} and each strip's
 * embedding), so grading and refinement cost no embedding calls at query time. Search providers usually
 * return neither; the pipeline then embeds and splits the text itself.
 *
 * @param id             unique within its source (e.g. {@code doc-7#3} for the fourth chunk of document 7)
 * @param text           the passage text
 * @param source         where it came from: what a citation points at
 * @param retrievalScore the retriever's own score (higher is better; scale is the retriever's), or 0
 * @param embedding      the passage embedding, or {@code null}
 * @param strips         the passage's sentences with their embeddings, or an empty list when not precomputed
 * @param metadata       free-form string metadata (never {@code null})
 */
public record Passage(String id, String text, Source source, double retrievalScore, Embedding embedding,
                      List<Strip> strips, Map<String, String> metadata) {

    public Passage {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(source, "source");
        strips = strips == null ? List.of() : List.copyOf(strips);
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
    }

    /** A passage with only text and source: what a search provider typically returns. */
    public static Passage of(String id, String text, Source source) {
        return new Passage(id, text, source, 0, null, List.of(), Map.of());
    }

    /** A copy with another retrieval score. */
    public Passage withRetrievalScore(double score) {
        return new Passage(id, text, source, score, embedding, strips, metadata);
    }

    /** A copy with an embedding and strips filled in. */
    public Passage withEmbeddings(Embedding passageEmbedding, List<Strip> newStrips) {
        return new Passage(id, text, source, retrievalScore, passageEmbedding, newStrips, metadata);
    }
}

package io.corrigo.engine.trace;

import java.util.List;

/**
 * What the reranker did to the retriever's candidates.
 *
 * @param candidates how many passages the retriever returned for reranking
 * @param kept       the passages that went on to grading, in the reranker's order
 */
public record Reranking(int candidates, List<Move> kept) {

    public Reranking {
        kept = kept == null ? List.of() : List.copyOf(kept);
    }

    /**
     * One kept passage.
     *
     * @param id            passage id
     * @param title         its title, or {@code null}
     * @param retrievalRank its place in the retriever's order, from 1
     * @param rank          its place after reranking, from 1
     */
    public record Move(String id, String title, int retrievalRank, int rank) {
    }
}

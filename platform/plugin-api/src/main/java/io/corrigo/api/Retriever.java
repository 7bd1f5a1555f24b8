package io.corrigo.api;

import java.util.List;
import java.util.Optional;

/**
 * Returns passages for a query from one source: the tenant's knowledge base.
 *
 * <p><b>How to implement.</b> Return at most {@code maxResults} passages, most relevant first, never
 * {@code null} (an empty list when nothing matches). Fill {@link Passage#retrievalScore()} with your own score.
 * If you store embeddings at index time, return them in the passage and its strips: grading and refining then
 * cost no embedding calls. Only read data of the tenant your {@link PluginContext} belongs to. Instances are
 * called from several threads at once.
 *
 * <p><b>Scope.</b> Return only passages that {@link Query#filter()} keeps ({@link PassageFilter#matches}), and apply
 * it inside the engine you search (a filter clause, a {@code WHERE}), so that a narrow scope still gets its best
 * passages. It carries the asker's groups: a passage outside them must never come back. The host drops any that do
 * and marks the answer degraded.
 *
 * <p>A retriever that can also be written to implements {@link KnowledgeIndex} as well; the host feeds it
 * the tenant's documents through that interface.
 */
@FunctionalInterface
public interface Retriever {

    /**
     * The passages most relevant to {@code query}, best first.
     *
     * @param query      the question (with its embedding when the host has one)
     * @param maxResults how many passages at most; at least 1
     */
    List<Passage> retrieve(Query query, int maxResults);

    /**
     * Word statistics of this retriever's corpus, used by evaluators to weigh lexical evidence. The default
     * offers none.
     */
    default Optional<TermStatistics> termStatistics() {
        return Optional.empty();
    }
}

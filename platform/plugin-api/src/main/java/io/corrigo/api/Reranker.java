package io.corrigo.api;

import java.util.List;

/**
 * Reorders the knowledge base's candidates by how well each answers the question, before they are graded: the
 * retriever casts a wide net (a few times the pipeline's top-k), the reranker puts the passages that answer first, and
 * the pipeline grades the best top-k of its order.
 *
 * <p><b>How to implement.</b> Return the candidates you keep, best first: the same {@link Passage} objects you were
 * given (no new ones, no copies with other text), each at most once, never {@code null}. Leaving a candidate out
 * drops it; returning an empty list says none is worth grading. Keep the passages' retrieval scores as they are; the
 * trace shows how your order moved them. The host checks all of this: a passage you made up, a duplicate or a
 * {@code null} is skipped with a notice, and an exception keeps the retriever's order. Instances are called from
 * several threads at once.
 *
 * @since 1.2.0
 */
@FunctionalInterface
public interface Reranker {

    /**
     * The candidates worth grading, best first.
     *
     * @param query      the question (with its embedding and the corpus's term statistics when the host has them)
     * @param candidates the retriever's passages, best first by its own score; may be empty
     * @return a subset of {@code candidates} in the reranker's order
     */
    List<Passage> rerank(Query query, List<Passage> candidates);
}

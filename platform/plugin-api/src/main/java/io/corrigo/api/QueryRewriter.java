package io.corrigo.api;

/**
 * Rewrites a question: into web-search keywords when the knowledge base fails (CRAG), into a better retrieval
 * query when the critic rejected an answer (Self-RAG), or into a standalone question when it follows up on earlier
 * turns of a conversation (API 1.3). A purpose an implementation does not know should be answered with the question
 * unchanged; the host falls back on its own rules when a rewriter throws.
 *
 * <p><b>How to implement.</b> Return a non-blank query; keep the question's meaning, never answer it. Throwing
 * is allowed: the host falls back on its keyword rewriter and notes it in the trace. Instances are called from
 * several threads.
 */
@FunctionalInterface
public interface QueryRewriter {

    /**
     * The rewritten query.
     *
     * @param question the question as asked
     * @param purpose  what the query is for
     * @param feedback why the previous attempt failed (e.g. the critic's reason), the conversation so far for
     *                 {@link RewritePurpose#CONDENSE}, or {@code null}
     */
    String rewrite(String question, RewritePurpose purpose, String feedback);
}

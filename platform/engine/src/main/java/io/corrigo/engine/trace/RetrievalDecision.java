package io.corrigo.engine.trace;

/**
 * Self-RAG's Retrieve decision for a run.
 *
 * @param retrieve  whether the knowledge base was consulted
 * @param decidedBy who decided: {@code critic}, {@code heuristic}, or {@code settings} (decision switched off)
 * @param reason    why, in a few words
 */
public record RetrievalDecision(boolean retrieve, String decidedBy, String reason) {
}

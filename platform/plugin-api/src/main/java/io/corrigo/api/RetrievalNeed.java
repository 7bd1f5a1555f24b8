package io.corrigo.api;

/** Self-RAG's Retrieve decision for a question: does answering it need the knowledge base? */
public enum RetrievalNeed {
    /** Retrieve: the question asks for facts. */
    RETRIEVE,
    /** Answer without retrieval: a greeting, thanks, or a question about the assistant itself. */
    NO_RETRIEVAL,
    /** No opinion: the host decides with its own heuristic. */
    UNDECIDED
}

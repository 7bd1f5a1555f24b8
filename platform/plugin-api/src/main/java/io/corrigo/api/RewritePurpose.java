package io.corrigo.api;

/** What a {@link QueryRewriter} rewrites a question for. */
public enum RewritePurpose {
    /** A web-search query: keywords a search engine matches well (CRAG's knowledge searching). */
    WEB_SEARCH,
    /**
     * A second knowledge-base retrieval after the critic rejected an answer: the question restated so that other
     * passages are found (Self-RAG's re-retrieval).
     */
    RETRIEVAL,
    /**
     * A follow-up in a conversation, to be made a standalone question before retrieval ("And for part-time staff?"
     * after "What is the PTO policy?" → "What is the PTO policy for part-time staff?"). The feedback is the
     * conversation so far, oldest first, one {@code User: ...} or {@code Assistant: ...} line per message. Return the
     * question itself when it already stands alone.
     *
     * @since 1.3.0
     */
    CONDENSE
}

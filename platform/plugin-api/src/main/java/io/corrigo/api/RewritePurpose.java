package io.corrigo.api;

/** What a {@link QueryRewriter} rewrites a question for. */
public enum RewritePurpose {
    /** A web-search query: keywords a search engine matches well (CRAG's knowledge searching). */
    WEB_SEARCH,
    /**
     * A second knowledge-base retrieval after the critic rejected an answer: the question restated so that other
     * passages are found (Self-RAG's re-retrieval).
     */
    RETRIEVAL
}

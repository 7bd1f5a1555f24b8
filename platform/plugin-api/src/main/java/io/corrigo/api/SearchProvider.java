package io.corrigo.api;

import java.util.List;

/**
 * Fetches passages from an external source when the knowledge base does not answer: CRAG's web search.
 *
 * <p><b>How to implement.</b> Return passages with {@link Origin#WEB} sources carrying the page URL, text
 * cleaned of markup and navigation, most relevant first, at most {@link SearchRequest#maxResults()}. Throw on
 * failure (timeouts, HTTP errors, quota): the host wraps every call in a timeout and circuit breaker, and a
 * failure degrades the answer instead of failing the query. Do not retry internally; the host does. The
 * pipeline grades what you return like knowledge-base passages, so irrelevant results are dropped anyway.
 */
@FunctionalInterface
public interface SearchProvider {

    /** The results for {@code request}, best first. */
    List<Passage> search(SearchRequest request);
}

package io.corrigo.api;

import java.util.Objects;

/**
 * What the pipeline asks a {@link SearchProvider} for.
 *
 * @param keywords   the search query: the user's question rewritten into keywords
 * @param question   the question as the user asked it, for providers that prefer natural language
 * @param maxResults how many results at most; at least 1
 */
public record SearchRequest(String keywords, String question, int maxResults) {

    public SearchRequest {
        Objects.requireNonNull(keywords, "keywords");
        Objects.requireNonNull(question, "question");
        if (maxResults < 1) {
            throw new IllegalArgumentException("maxResults must be at least 1");
        }
    }
}

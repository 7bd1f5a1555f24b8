package io.corrigo.api;

/** Where a passage came from: the tenant's own knowledge base, or a search provider (the web fallback). */
public enum Origin {
    /** A passage of the tenant's knowledge base, returned by a {@link Retriever}. */
    KNOWLEDGE_BASE,
    /** A passage returned by a {@link SearchProvider}, e.g. a cleaned web page. */
    WEB
}

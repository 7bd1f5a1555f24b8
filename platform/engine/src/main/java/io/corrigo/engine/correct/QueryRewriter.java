package io.corrigo.engine.correct;

/** Rewrites a question into a web-search query. */
@FunctionalInterface
public interface QueryRewriter {

    /** The search query for {@code question}; never blank. */
    String rewrite(String question);
}

package io.corrigo.engine.rewrite;

import io.corrigo.api.QueryRewriter;
import io.corrigo.api.RewritePurpose;
import io.corrigo.engine.trace.Failures;

/**
 * Calls the pipeline's query rewriter, falling back on {@link KeywordQueryRewriter} when it fails or returns
 * nothing, so that a broken rewriter plugin costs quality, not the run. Thread-safe; touches no trace.
 */
public final class Rewriting {

    /** The longest rewritten query kept; a model that rambles is cut here. */
    static final int MAX_CHARS = 500;

    /**
     * A rewritten query.
     *
     * @param query   the query to use
     * @param problem why the fallback was used, for the trace, or {@code null}
     */
    public record Rewritten(String query, String problem) {
    }

    private final QueryRewriter rewriter;
    private final QueryRewriter fallback = new KeywordQueryRewriter();

    /** @param rewriter the plugin rewriter, or {@code null} for keywords only */
    public Rewriting(QueryRewriter rewriter) {
        this.rewriter = rewriter;
    }

    public Rewritten rewrite(String question, RewritePurpose purpose, String feedback) {
        if (rewriter == null) {
            return new Rewritten(fallback.rewrite(question, purpose, feedback), null);
        }
        try {
            String query = rewriter.rewrite(question, purpose, feedback);
            if (query == null || query.isBlank()) {
                return new Rewritten(fallback.rewrite(question, purpose, feedback),
                        "query rewriter returned nothing; keywords used instead");
            }
            String stripped = query.strip();
            return new Rewritten(stripped.length() > MAX_CHARS ? stripped.substring(0, MAX_CHARS) : stripped, null);
        } catch (RuntimeException | LinkageError e) { // a plugin built against an older API fails with a linkage error
            return new Rewritten(fallback.rewrite(question, purpose, feedback),
                    "query rewriter failed: " + Failures.describe(e) + "; keywords used instead");
        }
    }
}

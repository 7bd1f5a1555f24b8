package io.corrigo.engine.correct;

import io.corrigo.engine.rewrite.Rewriting;

import io.corrigo.api.Grade;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.ScoredPassage;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.RewritePurpose;
import io.corrigo.api.SearchRequest;
import io.corrigo.api.text.Snippets;
import io.corrigo.engine.trace.Failures;
import io.corrigo.engine.grade.PassageGrader;
import io.corrigo.engine.route.Router;
import io.corrigo.engine.grade.Thresholds;
import io.corrigo.engine.refine.PassageEmbedder;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;

/**
 * Searches the web for a query the knowledge base could not answer, and grades what comes back.
 *
 * <p>Two steps, so that the fetch can run on another thread, in parallel with retrieval: a run's {@link Search}
 * rewrites the question and calls the provider, returning a value (it touches no trace); {@link #grade} records the
 * fetch in the trace, embeds the results and grades them, dropping those graded INCORRECT.
 */
public final class WebSearchStage {

    /**
     * What a fetch brought back.
     *
     * @param keywords the rewritten query, or {@code null} when no provider is configured
     * @param results  the raw results (empty on failure)
     * @param failure  why the search failed, or {@code null}
     * @param rewriteProblem why the rewriter's fallback was used, or {@code null}
     */
    public record Fetched(String keywords, List<Passage> results, String failure, String rewriteProblem) {

        public boolean failed() {
            return failure != null;
        }
    }

    private final SearchProvider provider;
    private final Rewriting rewriter;
    private final PassageEmbedder embedder;
    private final PassageGrader grader;

    /** @param provider the (host-protected) provider, or {@code null} when the pipeline has none */
    public WebSearchStage(SearchProvider provider, Rewriting rewriter, PassageEmbedder embedder,
                          PassageGrader grader) {
        this.provider = provider;
        this.rewriter = rewriter;
        this.embedder = embedder;
        this.grader = grader;
    }

    public boolean configured() {
        return provider != null;
    }

    /**
     * One run's web search for a query. With the pipeline's {@code parallelSearch} it starts at once on an executor,
     * while the knowledge base is retrieved and graded, and is then either awaited or cancelled; otherwise it is
     * fetched when first needed. Either way the orchestrator only asks for its {@link #result} or says it is
     * {@link #notNeeded}.
     */
    public final class Search {

        private final Query query;
        private final int maxResults;
        private final FutureTask<Fetched> ahead;

        private Search(Query query, int maxResults, Executor executor) {
            this.query = query;
            this.maxResults = maxResults;
            this.ahead = executor == null || provider == null ? null : new FutureTask<>(() -> fetch(query, maxResults));
            if (ahead != null) {
                executor.execute(ahead);
            }
        }

        /** The knowledge base answered: a search started ahead is cancelled (and noted), else nothing happens. */
        public void notNeeded(TraceRecorder trace) {
            if (ahead != null) {
                ahead.cancel(true);
                trace.notice(Stage.CORRECT, "parallel web search cancelled: the knowledge base answered", false);
            }
        }

        /** The search's result: awaited when it started ahead, else fetched now; never throws. */
        public Fetched result() {
            if (ahead == null) {
                return fetch(query, maxResults);
            }
            try {
                return ahead.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Fetched(null, List.of(), "interrupted while waiting for the web search", null);
            } catch (ExecutionException e) {
                return new Fetched(null, List.of(), Failures.describe(e), null);
            }
        }
    }

    /**
     * The web search of a run for {@code query}: started now on {@code executor} when it is given (and there is a
     * provider), else fetched on demand.
     */
    public Search search(Query query, int maxResults, Executor executor) {
        return new Search(query, maxResults, executor);
    }

    /** Rewrites the question and calls the provider; never throws. Thread-safe. */
    Fetched fetch(Query query, int maxResults) {
        if (provider == null) {
            return new Fetched(null, List.of(), null, null);
        }
        Rewriting.Rewritten rewritten = rewriter.rewrite(query.text(), RewritePurpose.WEB_SEARCH, null);
        String keywords = rewritten.query();
        try {
            List<Passage> results = provider.search(new SearchRequest(keywords, query.text(), maxResults));
            if (results == null) {
                return new Fetched(keywords, List.of(), "search provider returned null instead of a list",
                        rewritten.problem());
            }
            return new Fetched(keywords, results.stream().filter(Objects::nonNull).limit(maxResults)
                    .map(WebSearchStage::cleaned).toList(), null, rewritten.problem());
        } catch (RuntimeException e) {
            return new Fetched(keywords, List.of(), Failures.describe(e), rewritten.problem());
        }
    }

    /**
     * A result with its snippet made prose ({@link Snippets#clean}: date prefix, breadcrumb and cut marks removed);
     * precomputed sentences are dropped when the text changed, so they are split again from the clean text.
     */
    static Passage cleaned(Passage result) {
        String clean = Snippets.clean(result.text());
        return clean.equals(result.text()) ? result
                : new Passage(result.id(), clean, result.source(), result.retrievalScore(), null, List.of(), result.metadata());
    }

    /** Records the fetch and returns the results worth keeping (graded CORRECT or AMBIGUOUS), embedded and scored. */
    public List<ScoredPassage> grade(Query query, Fetched fetched, Thresholds thresholds, TraceRecorder trace) {
        if (fetched.keywords() == null) {
            trace.notice(Stage.CORRECT, "no search provider configured: the web fallback was skipped", false);
            return List.of();
        }
        trace.rewrittenQuery(fetched.keywords());
        if (fetched.rewriteProblem() != null) {
            trace.notice(Stage.CORRECT, fetched.rewriteProblem(), false);
        }
        if (fetched.failed()) {
            trace.notice(Stage.CORRECT, "web search failed: " + fetched.failure(), true);
            return List.of();
        }
        List<Passage> embedded = embedder.ensureEmbedded(fetched.results(), trace);
        List<ScoredPassage> graded = grader.grade(query, embedded, thresholds, trace);
        trace.searchResults(graded, p -> p.grade() != Grade.INCORRECT);
        return Router.usable(graded);
    }
}

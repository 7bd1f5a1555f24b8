package io.corrigo.engine.correct;

import io.corrigo.api.Grade;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.ScoredPassage;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchRequest;
import io.corrigo.engine.Failures;
import io.corrigo.engine.grade.PassageGrader;
import io.corrigo.engine.grade.Thresholds;
import io.corrigo.engine.refine.PassageEmbedder;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.List;
import java.util.Objects;

/**
 * Searches the web for a query the knowledge base could not answer, and grades what comes back.
 *
 * <p>Results graded INCORRECT are dropped. A provider that fails yields no results and a degrading notice;
 * a pipeline with no provider yields no results and a plain notice.
 */
public final class WebSearchStage {

    private final SearchProvider provider;
    private final QueryRewriter rewriter;
    private final PassageEmbedder embedder;
    private final PassageGrader grader;

    /** @param provider the (host-protected) provider, or {@code null} when the pipeline has none */
    public WebSearchStage(SearchProvider provider, QueryRewriter rewriter, PassageEmbedder embedder,
                          PassageGrader grader) {
        this.provider = provider;
        this.rewriter = rewriter;
        this.embedder = embedder;
        this.grader = grader;
    }

    /** The web results worth keeping (graded CORRECT or AMBIGUOUS), embedded and scored. */
    public List<ScoredPassage> search(Query query, int maxResults, Thresholds thresholds, TraceRecorder trace) {
        if (provider == null) {
            trace.notice(Stage.CORRECT, "no search provider configured: the web fallback was skipped", false);
            return List.of();
        }
        String keywords = rewriter.rewrite(query.text());
        trace.rewrittenQuery(keywords);
        List<Passage> results;
        try {
            results = provider.search(new SearchRequest(keywords, query.text(), maxResults));
        } catch (RuntimeException e) {
            trace.notice(Stage.CORRECT, "web search failed: " + Failures.describe(e), true);
            return List.of();
        }
        if (results == null) {
            trace.notice(Stage.CORRECT, "search provider returned null instead of a list", true);
            return List.of();
        }
        List<Passage> embedded = embedder.ensureEmbedded(
                results.stream().filter(Objects::nonNull).limit(maxResults).toList(), trace);
        List<ScoredPassage> graded = grader.grade(query, embedded, thresholds);
        trace.searchResults(graded, p -> p.grade() != Grade.INCORRECT);
        return graded.stream().filter(p -> p.grade() != Grade.INCORRECT).toList();
    }
}

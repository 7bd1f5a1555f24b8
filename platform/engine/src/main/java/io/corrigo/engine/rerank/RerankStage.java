package io.corrigo.engine.rerank;

import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Reranker;
import io.corrigo.engine.trace.Failures;
import io.corrigo.engine.trace.Reranking;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Step 2b: reranking. With a reranker, the retriever is asked for {@link #CANDIDATES_PER_PASSAGE} times the top-k
 * (at most {@value #MAX_CANDIDATES}), the reranker orders them by how well each answers, and the best top-k of its
 * order go on to grading. Without one, the retriever's top-k pass unchanged.
 *
 * <p>The reranker's answer is checked: a passage that was not a candidate, a repeat or a {@code null} is skipped with a
 * notice; a reranker that throws keeps the retriever's order, with a degrading notice.
 */
public final class RerankStage {

    /** How many candidates per graded passage a reranker chooses from. */
    public static final int CANDIDATES_PER_PASSAGE = 3;

    /** The most candidates a reranker is handed (retrievers answer at most 100). */
    public static final int MAX_CANDIDATES = 100;

    private final Reranker reranker;

    /** @param reranker the tenant's reranker, or {@code null} for none */
    public RerankStage(Reranker reranker) {
        this.reranker = reranker;
    }

    /** Whether the pipeline has a reranker. */
    public boolean configured() {
        return reranker != null;
    }

    /** How many passages to retrieve for a pipeline that grades {@code topK}. */
    public int candidates(int topK) {
        return reranker == null ? topK : Math.min(MAX_CANDIDATES, Math.max(topK, topK * CANDIDATES_PER_PASSAGE));
    }

    /** The best {@code topK} of {@code candidates} by the reranker's order, or the first {@code topK} without one. */
    public List<Passage> rerank(Query query, List<Passage> candidates, int topK, TraceRecorder trace) {
        if (reranker == null) {
            return candidates.size() <= topK ? candidates : candidates.subList(0, topK);
        }
        List<Passage> ordered;
        try {
            ordered = checked(reranker.rerank(query, Collections.unmodifiableList(candidates)), candidates, trace);
        } catch (RuntimeException e) {
            trace.notice(Stage.RERANK, "reranker failed, the retriever's order is kept: " + Failures.describe(e), true);
            ordered = candidates;
        }
        List<Passage> kept = ordered.size() <= topK ? ordered : ordered.subList(0, topK);
        trace.reranking(new Reranking(candidates.size(), moves(candidates, kept)));
        return kept;
    }

    private static List<Passage> checked(List<Passage> answer, List<Passage> candidates, TraceRecorder trace) {
        if (answer == null) {
            throw new IllegalStateException("returned null instead of a list");
        }
        Map<Passage, Boolean> offered = new IdentityHashMap<>();
        candidates.forEach(p -> offered.put(p, Boolean.FALSE));
        List<Passage> ordered = new ArrayList<>();
        int skipped = 0;
        for (Passage passage : answer) {
            if (passage != null && Boolean.FALSE.equals(offered.get(passage))) {
                offered.put(passage, Boolean.TRUE);
                ordered.add(passage);
            } else {
                skipped++;
            }
        }
        if (skipped > 0) {
            trace.notice(Stage.RERANK, "reranker returned " + skipped + " passage(s) that were not candidates, were "
                    + "repeated or were null; they were skipped", false);
        }
        return ordered;
    }

    private static List<Reranking.Move> moves(List<Passage> candidates, List<Passage> kept) {
        Map<Passage, Integer> retrievalRank = new IdentityHashMap<>();
        for (int i = 0; i < candidates.size(); i++) {
            retrievalRank.put(candidates.get(i), i + 1);
        }
        List<Reranking.Move> moves = new ArrayList<>();
        for (int i = 0; i < kept.size(); i++) {
            Passage passage = kept.get(i);
            moves.add(new Reranking.Move(passage.id(), passage.source().title(), retrievalRank.get(passage), i + 1));
        }
        return moves;
    }
}

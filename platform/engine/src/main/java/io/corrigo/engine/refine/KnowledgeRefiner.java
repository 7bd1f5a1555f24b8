package io.corrigo.engine.refine;

import io.corrigo.api.ContextStrip;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.ScoredPassage;
import io.corrigo.api.Strip;
import io.corrigo.engine.trace.Failures;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.StripTrace;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Decompose, filter, recompose (CRAG section 4.3).
 *
 * <ol>
 *   <li>every kept passage is split into its strips (precomputed ones are used as they are);</li>
 *   <li>every strip is scored by the evaluator, one passage per task;</li>
 *   <li>strips at or above the strip threshold and at least {@code stripRatio} of the best strip's score are
 *       taken, best first, while they fit the token budget; repeated sentences are taken once
 *       ({@link StripSelection}, the rule calibration replays too);</li>
 *   <li>the taken strips are regrouped by passage (passages ordered by their best strip, sentences in reading
 *       order) and numbered for citation: one number per passage.</li>
 * </ol>
 * Every strip lands in the trace with its score and the reason it was kept or dropped. Strips the evaluator failed
 * on are dropped, and the run is flagged degraded (one notice): its context was not chosen on evidence.
 */
public final class KnowledgeRefiner {

    private final RetrievalEvaluator evaluator;
    private final PassageEmbedder embedder;
    private final Executor executor;

    public KnowledgeRefiner(RetrievalEvaluator evaluator, PassageEmbedder embedder, Executor executor) {
        this.evaluator = evaluator;
        this.embedder = embedder;
        this.executor = executor;
    }

    /** The refined context, possibly empty when no strip is relevant enough. */
    public List<ContextStrip> refine(Query query, List<ScoredPassage> kept, double stripThreshold, double stripRatio,
                                     int tokenBudget, TraceRecorder trace) {
        List<Passage> passages = embedder.ensureEmbedded(kept.stream().map(ScoredPassage::passage).toList(), trace);
        List<CompletableFuture<List<Candidate>>> futures = passages.stream()
                .map(p -> CompletableFuture.supplyAsync(() -> scoreStrips(query, p), executor))
                .toList();
        List<Candidate> candidates = new ArrayList<>();
        futures.forEach(f -> candidates.addAll(f.join()));
        List<String> failures = candidates.stream().map(Candidate::error).filter(e -> e != null).toList();
        if (!failures.isEmpty()) {
            trace.notice(Stage.REFINE, Failures.summary(failures, candidates.size(), "sentences")
                    + "; those sentences were dropped", true);
        }

        StripSelection.Selection selection = StripSelection.select(candidates.stream()
                .map(c -> new StripSelection.Scored(c.strip().text(), c.score(), c.error())).toList(),
                stripThreshold, stripRatio, tokenBudget);
        List<StripTrace> strips = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            Candidate c = candidates.get(i);
            strips.add(new StripTrace(c.passage().id(), c.strip().index(), c.strip().text(), c.score(),
                    selection.taken()[i], selection.reasons()[i]));
        }
        trace.strips(strips);
        trace.contextTokens(selection.tokens());
        List<Candidate> taken = new ArrayList<>();
        for (int i : selection.ranked()) {
            if (selection.taken()[i]) {
                taken.add(candidates.get(i));
            }
        }
        return recompose(taken);
    }

    private List<Candidate> scoreStrips(Query query, Passage passage) {
        List<Candidate> result = new ArrayList<>();
        for (Strip strip : passage.strips()) {
            try {
                double score = evaluator.scoreStrip(query, passage, strip);
                double clean = Double.isNaN(score) ? 0 : Math.max(0, Math.min(1, score));
                result.add(new Candidate(passage, strip, clean, null));
            } catch (RuntimeException e) {
                result.add(new Candidate(passage, strip, 0, "evaluator failed: " + Failures.describe(e)));
            }
        }
        return result;
    }

    /** The taken sentences, best first, regrouped by passage and numbered for citation: one number per passage. */
    private static List<ContextStrip> recompose(List<Candidate> taken) {
        Map<String, List<Candidate>> byPassage = new LinkedHashMap<>();
        for (Candidate c : taken) {
            byPassage.computeIfAbsent(c.passage().id(), k -> new ArrayList<>()).add(c);
        }
        List<ContextStrip> context = new ArrayList<>();
        int citation = 0;
        for (List<Candidate> group : byPassage.values()) {
            citation++;
            group.sort(Comparator.comparingInt(c -> c.strip().index()));
            for (Candidate c : group) {
                context.add(new ContextStrip(citation, c.strip().text(), c.passage().source(), c.score(),
                        c.strip().embedding()));
            }
        }
        return context;
    }

    private record Candidate(Passage passage, Strip strip, double score, String error) {
    }
}

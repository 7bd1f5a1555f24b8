package io.corrigo.engine.grade;

import io.corrigo.api.Grade;
import io.corrigo.api.Judgement;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.ScoredPassage;
import io.corrigo.engine.trace.Failures;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Scores every passage with the evaluator, in parallel, and grades it.
 *
 * <p>An evaluator that throws grades its passage AMBIGUOUS (scored at the lower threshold) with the reason in
 * {@link ScoredPassage#error()}: an unknown relevance neither earns trust nor condemns the passage. Such a run is
 * flagged degraded (one notice for all the passages that failed): its route was not decided on evidence. A score
 * outside [0, 1] or NaN is clamped and reported the same way. An evaluator that decides the grade itself
 * ({@link Judgement#grade()}, e.g. an LLM grader's label, or AMBIGUOUS for output it could not parse) overrides the
 * thresholds, and its reason is kept in the trace.
 */
public final class PassageGrader {

    private final RetrievalEvaluator evaluator;
    private final Executor executor;

    public PassageGrader(RetrievalEvaluator evaluator, Executor executor) {
        this.evaluator = evaluator;
        this.executor = executor;
    }

    /**
     * The passages with scores and grades, in the order given. When the evaluator failed on any of them, {@code trace}
     * gets one degrading notice saying on how many and why (the first failure's reason).
     */
    public List<ScoredPassage> grade(Query query, List<Passage> passages, Thresholds thresholds, TraceRecorder trace) {
        List<CompletableFuture<Graded>> futures = passages.stream()
                .map(p -> CompletableFuture.supplyAsync(() -> gradeOne(query, p, thresholds), executor))
                .toList();
        List<Graded> graded = futures.stream().map(CompletableFuture::join).toList();
        List<String> failures = graded.stream().filter(Graded::failed).map(g -> g.passage().error()).toList();
        if (!failures.isEmpty()) {
            trace.notice(Stage.EVALUATE, Failures.summary(failures, graded.size(), "passages")
                    + "; those passages were graded AMBIGUOUS", true);
        }
        return graded.stream().map(Graded::passage).toList();
    }

    /** A graded passage, and whether the evaluator failed on it (threw or returned nothing) rather than judged it. */
    private record Graded(ScoredPassage passage, boolean failed) {
    }

    private Graded gradeOne(Query query, Passage passage, Thresholds thresholds) {
        Judgement judgement;
        try {
            judgement = evaluator.judge(query, passage);
        } catch (RuntimeException e) {
            return new Graded(new ScoredPassage(passage, thresholds.lower(), Grade.AMBIGUOUS,
                    "evaluator failed: " + Failures.describe(e)), true);
        }
        if (judgement == null) {
            return new Graded(new ScoredPassage(passage, thresholds.lower(), Grade.AMBIGUOUS, "evaluator returned null"),
                    true);
        }
        return new Graded(judged(passage, judgement, thresholds), false);
    }

    private static ScoredPassage judged(Passage passage, Judgement judgement, Thresholds thresholds) {
        double score = judgement.score();
        if (judgement.grade() != null) {
            double clamped = Double.isNaN(score) ? thresholds.lower() : Math.max(0, Math.min(1, score));
            return new ScoredPassage(passage, clamped, judgement.grade(), judgement.reason());
        }
        if (Double.isNaN(score)) {
            return new ScoredPassage(passage, thresholds.lower(), Grade.AMBIGUOUS, "evaluator returned NaN");
        }
        if (score < 0 || score > 1) {
            double clamped = Math.max(0, Math.min(1, score));
            return new ScoredPassage(passage, clamped, thresholds.grade(clamped),
                    "evaluator returned " + score + ", outside [0, 1]; clamped");
        }
        return new ScoredPassage(passage, score, thresholds.grade(score), judgement.reason());
    }
}

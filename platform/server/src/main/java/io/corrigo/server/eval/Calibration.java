package io.corrigo.server.eval;

import io.corrigo.api.Grade;
import io.corrigo.api.Passage;
import io.corrigo.api.ScoredPassage;
import io.corrigo.api.Source;
import io.corrigo.engine.CorrectivePipeline;
import io.corrigo.engine.settings.Mode;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.RunResult;
import io.corrigo.engine.settings.SelfRagSettings;
import io.corrigo.engine.grade.Thresholds;
import io.corrigo.engine.route.Route;
import io.corrigo.engine.route.Router;
import io.corrigo.engine.trace.PassageTrace;
import io.corrigo.engine.trace.RunTrace;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.StageTiming;
import io.corrigo.engine.refine.StripSelection;
import io.corrigo.engine.trace.StripTrace;
import io.corrigo.server.pipeline.ActivePipeline;
import io.corrigo.server.pipeline.PipelineDefinition;
import io.corrigo.server.pipeline.PipelineRuntimes;
import io.corrigo.server.pipeline.PipelineService;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.HashSet;
import java.util.Set;
import org.springframework.stereotype.Service;

/**
 * Chooses a pipeline's thresholds on a labelled question set, as the CRAG and Self-RAG papers advise: empirically,
 * not by guess. One permissive run per question records every score the evaluator gives (every KB passage, every
 * fallback result, every sentence); then the routing and refinement are replayed over a grid of upper, lower and
 * strip thresholds, without running the pipeline again. Each point gets route accuracy, context precision and
 * recall, abstention (an empty context abstains), and an estimated latency (the measured KB-only and fallback
 * latencies, weighted by how often that point falls back). Best first: points whose false-abstention rate is within
 * {@link #MAX_FALSE_ABSTENTION}, by route accuracy, then context precision, then latency — route accuracy alone
 * would reward abstaining on everything unsure (it does not count a false abstention on a kb or web question). The
 * best point can be saved as the tenant's next pipeline version.
 */
@Service
public class Calibration {

    /** The false-abstention rate a preferred point may have at most (the benchmark's target). */
    public static final double MAX_FALSE_ABSTENTION = 0.10;

    /**
     * One grid point.
     *
     * @param upper            upper threshold
     * @param lower            lower threshold
     * @param strip            strip threshold
     * @param routeAccuracy    replayed route accuracy
     * @param contextPrecision replayed context precision (answerable questions with a context)
     * @param contextRecall    replayed context recall
     * @param abstentionRecall  replayed abstentions on {@code none} questions
     * @param falseAbstention   replayed abstentions on answerable questions
     * @param fallbackShare    share of questions that would search the fallback
     * @param latencyMillis    estimated mean latency
     * @param questions        how many labelled questions (or rated runs) the point was replayed on
     */
    public record Point(double upper, double lower, double strip, double stripRatio, double routeAccuracy,
                        double contextPrecision,
                        double contextRecall, double abstentionRecall, double falseAbstention, double fallbackShare,
                        double latencyMillis, int questions) {

        /**
         * The 95 % Wilson interval of the route accuracy on {@link #questions} questions: how far the accuracy
         * measured here may be from the one the thresholds will give on new questions.
         */
        public double[] routeAccuracyInterval() {
            return wilson(routeAccuracy, questions);
        }
    }

    /** The 95 % Wilson score interval of a proportion {@code p} observed on {@code n} trials; {@code [0, 1]} for none. */
    static double[] wilson(double p, int n) {
        if (n <= 0 || Double.isNaN(p)) {
            return new double[] {0, 1};
        }
        double z = 1.96;
        double z2 = z * z;
        double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
        double half = z * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
        return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
    }

    /**
     * What was recorded of one question: every score of the knowledge-base passages, the fallback results and the
     * sentences, and the label the replay is judged against.
     */
    public record Recorded(String id, Label label, List<PassageTrace> kb, List<PassageTrace> web,
                           List<StripTrace> strips) {
    }

    /**
     * Recorded questions with the token budget their context is held to, and the measured latency of a run that stays
     * in the knowledge base and of one that also searches the fallback (for the points' latency estimates; NaN when
     * unknown).
     */
    public record Recording(List<Recorded> questions, int tokenBudget, double kbLatencyMillis,
                            double fallbackLatencyMillis) {

        /** Runs recorded elsewhere (the run log's rated runs): replayed with the default token budget. */
        public Recording(List<Recorded> questions, double kbLatencyMillis, double fallbackLatencyMillis) {
            this(questions, PipelineSettings.DEFAULTS.tokenBudget(), kbLatencyMillis, fallbackLatencyMillis);
        }
    }

    /** Strip thresholds the sweep tries, in hundredths: probabilities of the answerhood grader sit low. */
    static final int[] STRIPS = {1, 2, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80};
    /** Strip ratios the sweep tries (see {@link PipelineSettings#stripRatio()}). */
    static final double[] STRIP_RATIOS = {0, 0.5, 0.7, 0.85};

    private final PipelineRuntimes runtimes;
    private final PipelineService pipelines;

    Calibration(PipelineRuntimes runtimes, PipelineService pipelines) {
        this.runtimes = runtimes;
        this.pipelines = pipelines;
    }

    /** Every grid point on {@code questions}, best first: {@link #record} then {@link #sweep}. */
    public List<Point> calibrate(String tenantId, List<EvalQuestion> questions, EvalService.Progress progress) {
        return sweep(record(tenantId, questions, progress));
    }

    /** One permissive run of the tenant's pipeline per question, keeping every score (nothing is written to the run log). */
    public Recording record(String tenantId, List<EvalQuestion> questions, EvalService.Progress progress) {
        CorrectivePipeline pipeline = runtimes.forTenant(tenantId).pipeline();
        PipelineSettings current = pipeline.settings();
        PipelineSettings permissive = new PipelineSettings(Mode.CORRECTIVE, current.topK(), 1.0, 0.0, 0.0, 20_000,
                current.searchResults(), current.onSearchFailure(), current.parallelSearch(), SelfRagSettings.OFF);
        CorrectivePipeline recorder = pipeline.withSettings(permissive);
        List<Recorded> recorded = new ArrayList<>();
        List<Double> kbMillis = new ArrayList<>();
        List<Double> fallbackMillis = new ArrayList<>();
        for (EvalQuestion q : questions) {
            RunResult result = recorder.run(q.question());
            RunTrace t = result.trace();
            recorded.add(new Recorded(q.id(), new Label.Gold(q), t.retrieved(), t.searchResults(), t.strips()));
            double correct = t.timings().stream().filter(s -> s.stage() == Stage.CORRECT)
                    .mapToDouble(StageTiming::millis).sum();
            kbMillis.add(t.totalMillis() - correct);
            fallbackMillis.add(t.totalMillis());
            if (progress != null) {
                progress.done(recorded.size(), questions.size());
            }
        }
        return new Recording(recorded, current.tokenBudget(), EvalMetrics.mean(kbMillis), EvalMetrics.mean(fallbackMillis));
    }

    /** Replays {@code recording} over the grid of thresholds; every point, best first. */
    public static List<Point> sweep(Recording recording) {
        List<Point> points = new ArrayList<>();
        for (int u = 5; u <= 95; u += 5) {
            for (int l = 0; l <= u; l += 5) {
                for (int s : STRIPS) {
                    for (double ratio : STRIP_RATIOS) {
                        points.add(replay(recording.questions(), u / 100.0, l / 100.0, s / 100.0, ratio,
                                recording.tokenBudget(), recording.kbLatencyMillis(), recording.fallbackLatencyMillis()));
                    }
                }
            }
        }
        // within the false-abstention bound first; when no point is, the ones that exceed it least
        points.sort(Comparator.comparingDouble((Point p) -> Math.max(0, nanToZero(p.falseAbstention()) - MAX_FALSE_ABSTENTION))
                .thenComparing(Comparator.comparingDouble(Point::routeAccuracy).reversed())
                .thenComparing(Comparator.comparingDouble((Point p) -> nanToZero(p.contextPrecision())).reversed())
                .thenComparingDouble(p -> nanToZero(p.latencyMillis())));
        return points;
    }

    /**
     * Saves {@code point}'s thresholds as a draft of the tenant's next pipeline version (queries keep the active one
     * until an admin publishes it); returns its number.
     */
    public int apply(String tenantId, Point point) {
        ActivePipeline active = pipelines.active(tenantId);
        PipelineDefinition d = active.definition();
        PipelineSettings settings = d.settings().withThresholds(point.upper(), point.lower(), point.strip())
                .withStripRatio(point.stripRatio());
        return pipelines.saveDraft(tenantId, new PipelineDefinition(settings, d.stages(), d.resilience(), d.models()),
                String.format(java.util.Locale.ROOT, "calibrated on %d labelled question(s): route accuracy %.3f",
                        point.questions(), point.routeAccuracy())).version();
    }

    static Point replay(List<Recorded> recorded, double upper, double lower, double strip, double ratio,
                        double kbLatency, double fallbackLatency) {
        return replay(recorded, upper, lower, strip, ratio, PipelineSettings.DEFAULTS.tokenBudget(), kbLatency,
                fallbackLatency);
    }

    /**
     * One grid point: the recorded grades routed with these thresholds, and the recorded sentence scores selected by
     * the refiner's own rule ({@link StripSelection}: strip threshold, ratio, repeats, token budget).
     */
    static Point replay(List<Recorded> recorded, double upper, double lower, double strip, double ratio,
                        int tokenBudget, double kbLatency, double fallbackLatency) {
        Thresholds thresholds = new Thresholds(upper, lower);
        Router router = new Router();
        double route = 0;
        int fallbacks = 0;
        List<Double> precision = new ArrayList<>();
        List<Double> recall = new ArrayList<>();
        int none = 0;
        int noneAbstained = 0;
        int answerable = 0;
        int falseAbstentions = 0;
        for (Recorded r : recorded) {
            Route routed = router.route(graded(r.kb(), thresholds));
            Grade action = routed.action();
            List<String> keptIds = new ArrayList<>();
            routed.kept().forEach(p -> keptIds.add(p.passage().id()));
            if (routed.searchWeb()) {
                fallbacks++;
                Router.usable(graded(r.web(), thresholds)).forEach(p -> keptIds.add(p.passage().id()));
            }
            Set<String> kept = new HashSet<>(keptIds);
            List<StripTrace> candidates = r.strips().stream().filter(s -> kept.contains(s.passageId())).toList();
            StripSelection.Selection selection = StripSelection.select(candidates.stream()
                    .map(s -> new StripSelection.Scored(s.text(), s.score())).toList(), strip, ratio, tokenBudget);
            List<String> context = new ArrayList<>();
            for (int i : selection.ranked()) {
                if (selection.taken()[i]) {
                    context.add(candidates.get(i).text());
                }
            }
            boolean abstained = context.isEmpty();
            route += r.label().credit(action, abstained);
            Boolean answerableQuestion = r.label().answerable();
            if (Boolean.FALSE.equals(answerableQuestion)) {
                none++;
                noneAbstained += abstained ? 1 : 0;
            } else if (Boolean.TRUE.equals(answerableQuestion)) {
                answerable++;
                falseAbstentions += abstained ? 1 : 0;
            }
            List<String> gold = r.label().goldSentences();
            if (!gold.isEmpty()) {
                if (!context.isEmpty()) {
                    precision.add(EvalMetrics.contextPrecision(context, gold));
                }
                recall.add(EvalMetrics.contextRecall(context, gold));
            }
        }
        int n = Math.max(1, recorded.size());
        double fallbackShare = (double) fallbacks / n;
        return new Point(upper, lower, strip, ratio, route / n, EvalMetrics.mean(precision), EvalMetrics.mean(recall),
                none == 0 ? Double.NaN : (double) noneAbstained / none,
                answerable == 0 ? Double.NaN : (double) falseAbstentions / answerable, fallbackShare, (1 - fallbackShare) * kbLatency + fallbackShare * fallbackLatency,
                recorded.size());
    }

    private static List<ScoredPassage> graded(List<PassageTrace> passages, Thresholds thresholds) {
        return passages.stream().map(p -> {
            double score = p.score() == null ? thresholds.lower() : p.score();
            return new ScoredPassage(Passage.of(p.id(), "-", Source.knowledgeBase(p.id(), "-")), score,
                    thresholds.grade(score), null);
        }).toList();
    }

    private static double nanToZero(double v) {
        return Double.isNaN(v) ? 0 : v;
    }
}

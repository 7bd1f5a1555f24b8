package io.corrigo.server.eval;

import io.corrigo.engine.CorrectivePipeline;
import io.corrigo.engine.judge.OfflineJudge;
import io.corrigo.engine.settings.Mode;
import io.corrigo.engine.RunResult;
import io.corrigo.engine.trace.RunTrace;
import io.corrigo.engine.trace.StageTiming;
import io.corrigo.engine.trace.StripTrace;
import io.corrigo.server.cost.Budgets;
import io.corrigo.server.cost.Prices;
import io.corrigo.server.pipeline.PipelineRuntimes;
import io.corrigo.server.pipeline.TenantPipeline;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import org.springframework.stereotype.Service;

/**
 * Runs a question set through a tenant's active pipeline and, alongside, its naive baseline (the same plugins in
 * {@link Mode#NAIVE}), in this process, and computes the benchmark's metrics. Runs are not written to the run log.
 */
@Service
public class EvalService {

    /** Told after each question: how many of how many are done. */
    @FunctionalInterface
    public interface Progress {
        void done(int finished, int total);
    }

    private final PipelineRuntimes runtimes;
    private final Clock clock;
    private final Budgets budgets;
    private final Prices prices;

    EvalService(PipelineRuntimes runtimes, Clock clock, Budgets budgets, Prices prices) {
        this.runtimes = runtimes;
        this.clock = clock;
        this.budgets = budgets;
        this.prices = prices;
    }

    /**
     * Refuses an evaluation of a tenant whose REFUSE budget is spent, before it starts.
     *
     * @throws io.corrigo.server.problem.ServiceException 429 {@code budget_exhausted}
     */
    public void admit(String tenantId) {
        if (budgets.decide(tenantId) == Budgets.Decision.REFUSE) {
            throw Budgets.exhausted(tenantId);
        }
    }

    /** The runs of every question through the tenant's pipeline and, with {@code naive}, its baseline. */
    public List<EvalRun> run(String tenantId, List<EvalQuestion> questions, boolean naive, Progress progress) {
        return run(tenantId, questions, naive, null, progress);
    }

    /**
     * As {@link #run(String, List, boolean, Progress)}, and with {@code compareVersion} (a draft, an earlier release;
     * {@code null}: none) through that version of the pipeline too, side by side with the active one.
     */
    public List<EvalRun> run(String tenantId, List<EvalQuestion> questions, boolean naive, Integer compareVersion,
                             Progress progress) {
        admit(tenantId);
        TenantPipeline tenantPipeline = runtimes.forTenant(tenantId);
        CorrectivePipeline pipeline = tenantPipeline.pipeline();
        Map<String, CorrectivePipeline> pipelines = new LinkedHashMap<>();
        Map<String, String> models = new LinkedHashMap<>();
        String active = pipeline.settings().mode().name().toLowerCase() + " v" + tenantPipeline.version();
        pipelines.put(active, pipeline);
        models.put(active, tenantPipeline.generatorModel());
        PipelineRuntimes.Preview preview = compareVersion == null || compareVersion == tenantPipeline.version() ? null
                : runtimes.preview(tenantId, compareVersion);
        try {
            if (preview != null) {
                CorrectivePipeline other = preview.pipeline().pipeline();
                String compared = other.settings().mode().name().toLowerCase() + " v" + compareVersion + " (compared)";
                pipelines.put(compared, other);
                models.put(compared, preview.pipeline().generatorModel());
            }
            if (naive && pipeline.settings().mode() != Mode.NAIVE) {
                pipelines.put("naive", pipeline.withSettings(pipeline.settings().withMode(Mode.NAIVE)));
                models.put("naive", tenantPipeline.generatorModel());
            }
            return runAll(tenantId, pipelines, models, questions, progress);
        } finally {
            if (preview != null) {
                preview.close();
            }
        }
    }

    private List<EvalRun> runAll(String tenantId, Map<String, CorrectivePipeline> pipelines, Map<String, String> models,
                                 List<EvalQuestion> questions, Progress progress) {
        int total = questions.size() * pipelines.size();
        List<EvalRun> runs = new ArrayList<>();
        // one judge for every pipeline compared: the first (the active one), so their answers are measured alike
        OfflineJudge judge = new OfflineJudge(pipelines.values().iterator().next().plugins());
        for (Map.Entry<String, CorrectivePipeline> entry : pipelines.entrySet()) {
            for (EvalQuestion question : questions) {
                runs.add(toRun(entry.getKey(), question, metered(tenantId, models.get(entry.getKey()),
                        () -> entry.getValue().run(question.question())), judge));
                if (progress != null) {
                    progress.done(runs.size(), total);
                }
            }
        }
        return runs;
    }

    /**
     * One evaluation run under the tenant's budget, as an answer is: under a REFUSE budget its expected cost is held
     * before the models are called, and the evaluation stops (429) once nothing more fits; its tokens and price are
     * booked in the tenant's usage (under no key) whatever the policy.
     */
    private RunResult metered(String tenantId, String model, java.util.function.Supplier<RunResult> run) {
        Budgets.Reservation held = budgets.reserve(tenantId, prices.typicalAnswer(model))
                .orElseThrow(() -> Budgets.exhausted(tenantId));
        double cost = 0;
        try {
            RunResult result = run.get();
            io.corrigo.api.TokenUsage usage = result.trace().generatorUsage();
            if (usage != null && usage.totalTokens() > 0) {
                cost = prices.cost(model, usage);
                budgets.addUsage(tenantId, clock.instant(), "", 0, 1, usage.inputTokens(), usage.outputTokens(), cost);
            }
            return result;
        } finally {
            budgets.settle(held, cost);
        }
    }

    private static EvalRun toRun(String name, EvalQuestion question, RunResult result, OfflineJudge judge) {
        RunTrace trace = result.trace();
        // naive traces list the whole passages' sentences as kept (CorrectivePipeline.NAIVE_CONTEXT)
        List<String> context = trace.strips().stream().filter(StripTrace::kept).map(StripTrace::text).toList();
        Map<String, Double> stages = new LinkedHashMap<>();
        for (StageTiming timing : trace.timings()) {
            stages.merge(timing.stage().name(), timing.millis(), Double::sum);
        }
        Double faithfulness = null;
        Double relevancy = null;
        if (!result.answer().abstained()) {
            String answer = withoutMarkers(result.answer().text());
            // judged apart from the generator: against the references, or by sufficiency of the answer itself
            Double answers = AnswerJudge.answers(question, answer);
            faithfulness = faithfulness(judge, question.question(), context, answer, answers);
            if (answers != null) {
                relevancy = answers;
            } else {
                java.util.OptionalDouble relevant = judge.relevance(question.question(), answer);
                relevancy = relevant.isPresent() ? relevant.getAsDouble() : null;
            }
        }
        return new EvalRun(name, question, trace.action() == null ? null : trace.action().name(),
                result.answer().abstained(), result.answer().text(), context, stages, trace.totalMillis(),
                trace.rounds().size(), trace.degraded(),
                trace.notices().stream().map(n -> n.stage() + ": " + n.message()).toList(), faithfulness, relevancy,
                result.answer().abstained() ? CitationCheck.NONE
                        : CitationCheck.of(result.answer().text(), result.answer().citations()),
                io.corrigo.engine.confidence.AnswerConfidence.of(result.answer(), trace, trace.settings().confidenceHigh()));
    }

    /**
     * Faithfulness of {@code answer}: the mean support the critic of {@code judge} gives its sentences against
     * {@code context} (a sentence fully supported counts 1, partly ½, not at all 0; RAGAS's "claims supported by the
     * context", with the critic as the judge); {@code null} without a critic or context.
     */
    static Double faithfulness(OfflineJudge judge, String question, List<String> context, String answer) {
        return faithfulness(judge, question, context, answer, null);
    }

    /**
     * Like {@link #faithfulness(OfflineJudge, String, List, String)}, with the answer's claim to answer the
     * question as one more claim when {@code answers} (1 or 0, {@link AnswerJudge}) is known: a quoted sentence that
     * does not answer is supported as a sentence and unsupported as an answer.
     */
    static Double faithfulness(OfflineJudge judge, String question, List<String> context, String answer,
                               Double answers) {
        if (context.isEmpty()) {
            return answer.isBlank() ? null : 0.0; // nothing to support it: no claim of it is supported
        }
        return judge.critique(question, context, answer).filter(c -> !c.sentences().isEmpty())
                .map(c -> answers == null ? c.support() : AnswerJudge.faithfulness(c.support(), c.sentences().size(), answers))
                .orElse(null);
    }

    /**
     * The faithfulness of {@code answer} to {@code question} against the sentences of {@code context}, judged by the
     * critic of the tenant's pipeline. @throws io.corrigo.server.problem.ServiceException 404
     */
    public Double faithfulness(String tenantId, String question, List<String> context, String answer) {
        String plain = withoutMarkers(answer);
        return faithfulness(new OfflineJudge(runtimes.forTenant(tenantId).pipeline().plugins()), question, context, plain,
                AnswerJudge.sufficient(question, plain));
    }

    /**
     * The answer's relevancy to the question: 1 or 0 by sufficiency where the question asks a detail recognisable by
     * form ({@link AnswerJudge}), else graded by the tenant's retrieval evaluator; {@code null} if that fails.
     */
    public Double relevancy(String tenantId, String question, String answer) {
        Double sufficient = AnswerJudge.sufficient(question, withoutMarkers(answer));
        if (sufficient != null) {
            return sufficient;
        }
        java.util.OptionalDouble r = new OfflineJudge(runtimes.forTenant(tenantId).pipeline().plugins()).relevance(question, withoutMarkers(answer));
        return r.isPresent() ? r.getAsDouble() : null;
    }

    private static String withoutMarkers(String answer) {
        return answer == null ? "" : answer.replaceAll("\\s*\\[\\d+\\]", "").strip();
    }

    /** The report of {@code runs}: metrics per pipeline, per slice, and the difference to the naive baseline. */
    public EvalReport report(String tenantId, List<EvalRun> runs) {
        Map<String, List<EvalRun>> byPipeline = new LinkedHashMap<>();
        runs.forEach(r -> byPipeline.computeIfAbsent(r.pipeline(), k -> new ArrayList<>()).add(r));
        List<EvalReport.PipelineResult> results = new ArrayList<>();
        byPipeline.forEach((name, rows) -> results.add(result(name, rows)));
        Map<String, Double> differences = new LinkedHashMap<>();
        EvalReport.PipelineResult first = results.get(0);
        results.stream().filter(r -> r.name().equals("naive") && r != first).findFirst().ifPresent(naive -> {
            EvalReport.Metrics a = first.overall();
            EvalReport.Metrics b = naive.overall();
            differences.put("routeAccuracy", a.routeAccuracy() - b.routeAccuracy());
            differences.put("abstentionRecall", a.abstentionRecall() - b.abstentionRecall());
            differences.put("falseAbstention", a.falseAbstention() - b.falseAbstention());
            differences.put("contextPrecision", a.contextPrecision() - b.contextPrecision());
            differences.put("contextRecall", a.contextRecall() - b.contextRecall());
            differences.put("containment", a.containment() - b.containment());
            differences.put("tokenF1", a.tokenF1() - b.tokenF1());
            differences.put("faithfulness", a.faithfulness() - b.faithfulness());
            differences.put("answerRelevancy", a.answerRelevancy() - b.answerRelevancy());
            differences.put("latencyP50", a.latencyP50() - b.latencyP50());
            differences.put("latencyP95", a.latencyP95() - b.latencyP95());
        });
        int questions = byPipeline.values().iterator().next().size();
        return new EvalReport(clock.instant(), tenantId, questions, results, differences,
                runs.stream().map(EvalService::outcome).toList());
    }

    /** Whether {@code r} was right, and why: against the short references where there are some, else by its route. */
    static EvalReport.Outcome outcome(EvalRun r) {
        EvalQuestion q = r.question();
        String verdict;
        String why;
        boolean kb = q.goldRoute().equals("kb");
        if (q.goldRoute().equals("none")) {
            verdict = r.abstained() ? "right" : "wrong";
            why = r.abstained() ? EvalReport.Outcome.ABSTAINED_RIGHTLY : EvalReport.Outcome.ANSWERED_UNANSWERABLE;
        } else if (r.abstained()) {
            verdict = "wrong";
            why = kb ? EvalReport.Outcome.ABSTAINED_KB : EvalReport.Outcome.ABSTAINED_WEB;
        } else if (!q.answers().isEmpty() && AnswerJudge.hasShortAnswers(q)) {
            boolean holds = AnswerJudge.containsShortAnswer(r.answer(), q.answers());
            verdict = holds ? "right" : "wrong";
            why = (holds ? EvalReport.Outcome.HOLDS : EvalReport.Outcome.LACKS).replace("{0}", q.answers().get(0));
        } else {
            double credit = EvalMetrics.routeCredit(q.goldRoute(), r.action(), false);
            verdict = credit >= 1 ? "right" : credit > 0 ? "partly" : "wrong";
            why = r.action() == null ? (kb ? EvalReport.Outcome.UNGRADED_KB : EvalReport.Outcome.UNGRADED_WEB)
                    : (kb ? EvalReport.Outcome.ROUTED_KB : EvalReport.Outcome.ROUTED_WEB).replace("{0}", r.action());
        }
        String answer = r.answer() == null ? "" : r.answer();
        return new EvalReport.Outcome(r.pipeline(), q.id(), q.question(), q.goldRoute(), r.action(), r.abstained(),
                answer.length() > 600 ? answer.substring(0, 600) + "…" : answer, verdict, why);
    }

    private static EvalReport.PipelineResult result(String name, List<EvalRun> rows) {
        Map<String, EvalReport.Metrics> slices = new TreeMap<>();
        slice(rows, r -> "source:" + r.question().source(), slices);
        slice(rows, r -> "route:" + r.question().goldRoute(), slices);
        Map<String, Map<String, Integer>> confusion = new TreeMap<>();
        for (EvalRun r : rows) {
            String outcome = (r.action() == null ? "NAIVE" : r.action()) + (r.abstained() ? " abstained" : "");
            confusion.computeIfAbsent(r.question().goldRoute(), k -> new TreeMap<>()).merge(outcome, 1, Integer::sum);
        }
        Map<String, List<Double>> stageTimes = new LinkedHashMap<>();
        rows.forEach(r -> r.stageMillis().forEach((stage, ms) -> stageTimes.computeIfAbsent(stage, k -> new ArrayList<>()).add(ms)));
        Map<String, double[]> stageLatency = new LinkedHashMap<>();
        stageTimes.forEach((stage, times) -> stageLatency.put(stage,
                new double[] {EvalMetrics.percentile(times, 50), EvalMetrics.percentile(times, 95)}));
        return new EvalReport.PipelineResult(name, metrics(rows), slices, confusion, stageLatency);
    }

    private static void slice(List<EvalRun> rows, Function<EvalRun, String> key, Map<String, EvalReport.Metrics> into) {
        Map<String, List<EvalRun>> groups = new TreeMap<>();
        rows.forEach(r -> groups.computeIfAbsent(key.apply(r), k -> new ArrayList<>()).add(r));
        groups.forEach((k, group) -> into.put(k, metrics(group)));
    }

    /** The benchmark's metrics over {@code rows}. */
    static EvalReport.Metrics metrics(List<EvalRun> rows) {
        Predicate<EvalRun> answerable = r -> !r.question().goldRoute().equals("none");
        List<EvalRun> none = rows.stream().filter(answerable.negate()).toList();
        List<EvalRun> answerableRows = rows.stream().filter(answerable).toList();
        double route = rows.stream().mapToDouble(r -> EvalMetrics.routeCredit(r.question().goldRoute(), r.action(),
                r.abstained())).average().orElse(Double.NaN);
        double abstentionRecall = none.isEmpty() ? Double.NaN
                : none.stream().filter(EvalRun::abstained).count() / (double) none.size();
        double falseAbstention = answerableRows.isEmpty() ? Double.NaN
                : answerableRows.stream().filter(EvalRun::abstained).count() / (double) answerableRows.size();
        List<Double> precision = new ArrayList<>();
        List<Double> recall = new ArrayList<>();
        List<Double> containment = new ArrayList<>();
        List<Double> f1 = new ArrayList<>();
        for (EvalRun r : answerableRows) {
            if (r.context() != null && !r.question().goldSentences().isEmpty()) {
                precision.add(EvalMetrics.contextPrecision(r.context(), r.question().goldSentences()));
                recall.add(EvalMetrics.contextRecall(r.context(), r.question().goldSentences()));
            }
            String answer = r.abstained() ? "" : r.answer().replaceAll("\\[\\d+\\]", " ");
            if (!r.question().answers().isEmpty()) {
                if (r.question().source().equals("covidqa")) {
                    containment.add(EvalMetrics.contains(answer, r.question().answers()) ? 1.0 : 0.0);
                }
                f1.add(EvalMetrics.bestTokenF1(answer, r.question().answers()));
            }
        }
        List<Double> latency = rows.stream().map(EvalRun::totalMillis).toList();
        int degraded = (int) rows.stream().filter(EvalRun::degraded).count();
        List<Double> faithful = rows.stream().map(EvalRun::faithfulness).filter(java.util.Objects::nonNull).toList();
        List<Double> relevant = rows.stream().map(EvalRun::relevancy).filter(java.util.Objects::nonNull).toList();
        return new EvalReport.Metrics(rows.size(), degraded, route, abstentionRecall, falseAbstention,
                EvalMetrics.mean(precision), EvalMetrics.mean(recall), EvalMetrics.mean(containment),
                EvalMetrics.mean(f1), EvalMetrics.percentile(latency, 50), EvalMetrics.percentile(latency, 95),
                EvalMetrics.mean(faithful), EvalMetrics.mean(relevant), trust(rows), RiskCoverage.of(judged(rows)));
    }

    /**
     * The runs whose outcome is known (short references, or none), as the trust metrics and risk–coverage read them:
     * right when the answer leads with a reference answer (a wrong short answer put first is a wrong answer); a served
     * answer without a recorded confidence scores 1 (nothing ranks it lower).
     */
    static List<RiskCoverage.Judged> judged(List<EvalRun> rows) {
        return rows.stream().map(EvalService::judged).flatMap(java.util.Optional::stream).toList();
    }

    /** One run's judged outcome, as {@link #judged(List)} reads it; empty when its outcome is not known. */
    static java.util.Optional<RiskCoverage.Judged> judged(EvalRun r) {
        if (!AnswerJudge.hasShortAnswers(r.question())) {
            return java.util.Optional.empty();
        }
        boolean answerable = !r.question().goldRoute().equals("none");
        boolean right = answerable && !r.abstained() && AnswerJudge.answersRight(r.answer(), r.question().answers());
        double score = r.abstained() ? Double.NaN : r.confidence() == null ? 1 : r.confidence().score();
        return java.util.Optional.of(new RiskCoverage.Judged(answerable, !r.abstained(), right, score));
    }

    /**
     * The trust metrics of the benchmark over the questions with short references or none (unanswerable); {@code null}
     * when there are none of those.
     */
    static EvalReport.Trust trust(List<EvalRun> rows) {
        List<RiskCoverage.Judged> judged = judged(rows);
        if (judged.isEmpty()) {
            return null;
        }
        int served = 0;
        int nonAnswers = 0;
        int unanswerable = 0;
        int abstained = 0;
        int answerable = 0;
        int right = 0;
        for (RiskCoverage.Judged j : judged) {
            if (j.answerable()) {
                answerable++;
                right += j.right() ? 1 : 0;
            } else {
                unanswerable++;
                abstained += j.served() ? 0 : 1;
            }
            if (j.served()) {
                served++;
                nonAnswers += j.right() ? 0 : 1;
            }
        }
        return new EvalReport.Trust(judged.size(), served == 0 ? Double.NaN : nonAnswers / (double) served,
                unanswerable == 0 ? Double.NaN : abstained / (double) unanswerable,
                answerable == 0 ? Double.NaN : right / (double) answerable, (abstained + right) / (double) judged.size());
    }
}

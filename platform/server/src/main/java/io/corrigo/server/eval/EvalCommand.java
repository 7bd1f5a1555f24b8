package io.corrigo.server.eval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.corrigo.server.Halves;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.knowledge.JobView;
import io.corrigo.server.pipeline.PipelineDefinition;
import io.corrigo.server.pipeline.PipelineRuntimes;
import io.corrigo.server.pipeline.PipelineService;
import io.corrigo.server.pipeline.StageConfig;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.server.tenant.TenantService;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * {@code corrigo eval}: builds a throw-away tenant from a knowledge base and a fallback corpus (or uses an existing
 * tenant), runs a labelled question set through its pipeline and the naive baseline in this process, and writes
 * {@code report.json}, {@code report.html} and {@code runs.jsonl}.
 */
@Component
public class EvalCommand {

    static final String USAGE = """
            usage: java -jar corrigo.jar eval --questions q.jsonl --out report/ \\
                     (--kb kb.jsonl [--web web.jsonl] | --tenant <existing tenant>) [--limit N] [--no-naive]
                     [--calibrate [--apply]] [--set stage.property=value ...]
                   java -jar corrigo.jar eval --runs export.jsonl --out calibration/ [--tenant <tenant> --apply]
              --questions  labelled questions, one JSON object per line: id, question, answers, gold_route
                           (kb | web | none), gold_sentences, source
              --kb         knowledge-base passages (JSONL: id, doc_id, text[, title]) for a throw-away tenant
              --web        fallback passages in the same shape, searched by the local-corpus search provider
              --tenant     evaluate this existing tenant's active pipeline instead
              --limit      only the first N questions
              --no-naive   skip the naive baseline
              --set        a throw-away tenant's stage property, e.g. --set evaluator.checkThreshold=0.6, or
                           pipeline setting, e.g. --set pipeline.mediumConfidence=WITHHOLD (repeatable; the
                           stage's default plugin keeps its other defaults)
              --error-budget  the most served answers that may be wrong (e.g. 0.05): prints the least
                           confidence to serve that keeps within it, and what it costs in coverage
              --calibrate  also grid-search the upper, lower and strip thresholds on these questions
                           (calibration.json: every point, best first)
              --apply      save the best point as the tenant's next pipeline version and publish it
              --runs       calibrate from a run-log export (GET /api/v1/tenants/{t}/runs/export) instead:
                           the runs users rated helpful or not_helpful are the labels""";

    /** Parsed command-line options. */
    public record Options(Path questions, Path out, Path kb, Path web, String tenant, int limit, boolean naive,
                          boolean calibrate, boolean apply, Path runs, Map<String, Map<String, String>> overrides,
                          Double errorBudget) {

        public Options {
            overrides = overrides == null ? Map.of() : Map.copyOf(overrides);
        }

        /** Options without an error budget. */
        public Options(Path questions, Path out, Path kb, Path web, String tenant, int limit, boolean naive,
                       boolean calibrate, boolean apply, Path runs, Map<String, Map<String, String>> overrides) {
            this(questions, out, kb, web, tenant, limit, naive, calibrate, apply, runs, overrides, null);
        }

        public static Options parse(List<String> args) {
            Map<String, String> values = new HashMap<>();
            boolean naive = true;
            boolean calibrate = false;
            boolean apply = false;
            Map<String, Map<String, String>> overrides = new HashMap<>();
            for (int i = 0; i < args.size(); i++) {
                String arg = args.get(i);
                if (arg.equals("--set") && i + 1 < args.size()) {
                    String setting = args.get(++i);
                    int dot = setting.indexOf('.');
                    int equals = setting.indexOf('=');
                    if (dot <= 0 || equals < dot + 2) {
                        throw new IllegalArgumentException("--set takes stage.property=value, was '" + setting + "'");
                    }
                    overrides.computeIfAbsent(setting.substring(0, dot), k -> new HashMap<>())
                            .put(setting.substring(dot + 1, equals), setting.substring(equals + 1));
                } else if (arg.equals("--no-naive")) {
                    naive = false;
                } else if (arg.equals("--calibrate")) {
                    calibrate = true;
                } else if (arg.equals("--apply")) {
                    apply = true;
                } else if (arg.startsWith("--") && i + 1 < args.size()) {
                    values.put(arg.substring(2), args.get(++i));
                } else {
                    throw new IllegalArgumentException("unexpected argument '" + arg + "'");
                }
            }
            List<String> unknown = values.keySet().stream()
                    .filter(k -> !List.of("questions", "out", "kb", "web", "tenant", "limit", "runs", "error-budget")
                            .contains(k)).toList();
            if (!unknown.isEmpty()) {
                throw new IllegalArgumentException("unknown option(s): --" + String.join(", --", unknown));
            }
            if (values.containsKey("runs")) {
                return parseRuns(values, apply);
            }
            if (!values.containsKey("questions") || !values.containsKey("out")) {
                throw new IllegalArgumentException("--questions and --out are required");
            }
            if (values.containsKey("kb") == values.containsKey("tenant")) {
                throw new IllegalArgumentException("give either --kb (a throw-away tenant) or --tenant (an existing one)");
            }
            int limit;
            try {
                limit = Integer.parseInt(values.getOrDefault("limit", "0"));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--limit must be a number, was '" + values.get("limit") + "'");
            }
            Path questions = Path.of(values.get("questions"));
            Path kb = values.containsKey("kb") ? Path.of(values.get("kb")) : null;
            Path web = values.containsKey("web") ? Path.of(values.get("web")) : null;
            for (Path file : new Path[] {questions, kb, web}) {
                if (file != null && !Files.isRegularFile(file)) {
                    throw new IllegalArgumentException("no such file: " + file);
                }
            }
            if (apply && !calibrate) {
                throw new IllegalArgumentException("--apply needs --calibrate");
            }
            if (!overrides.isEmpty() && kb == null) {
                throw new IllegalArgumentException("--set changes a throw-away tenant's pipeline: give it with --kb");
            }
            Double budget = null;
            if (values.containsKey("error-budget")) {
                try {
                    budget = Double.parseDouble(values.get("error-budget"));
                } catch (NumberFormatException e) {
                    budget = Double.NaN;
                }
                if (!(budget >= 0 && budget < 1)) {
                    throw new IllegalArgumentException("--error-budget is a share of served answers in [0, 1), e.g. 0.05;"
                            + " was '" + values.get("error-budget") + "'");
                }
            }
            return new Options(questions, Path.of(values.get("out")), kb, web, values.get("tenant"), limit, naive,
                    calibrate, apply, null, overrides, budget);
        }

        private static Options parseRuns(Map<String, String> values, boolean apply) {
            for (String other : List.of("questions", "kb", "web", "limit")) {
                if (values.containsKey(other)) {
                    throw new IllegalArgumentException("--runs calibrates from rated runs: give it without --" + other);
                }
            }
            if (!values.containsKey("out")) {
                throw new IllegalArgumentException("--out is required");
            }
            if (apply && !values.containsKey("tenant")) {
                throw new IllegalArgumentException("--apply needs --tenant: the tenant whose pipeline gets the thresholds");
            }
            Path runs = Path.of(values.get("runs"));
            if (!Files.isRegularFile(runs)) {
                throw new IllegalArgumentException("no such file: " + runs);
            }
            return new Options(null, Path.of(values.get("out")), null, null, values.get("tenant"), 0, false, true, apply,
                    runs, Map.of());
        }
    }

    /** The {@code --set} prefix of the pipeline's own settings ({@code pipeline.confidenceHigh=0.4}). */
    static final String PIPELINE = "pipeline";

    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules()
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    private final EvalService eval;
    private final Calibration calibration;
    private final TenantService tenants;
    private final PipelineService pipelines;
    private final PipelineRuntimes runtimes;
    private final IngestionService ingestion;

    EvalCommand(EvalService eval, Calibration calibration, TenantService tenants, PipelineService pipelines,
                PipelineRuntimes runtimes, IngestionService ingestion) {
        this.eval = eval;
        this.calibration = calibration;
        this.tenants = tenants;
        this.pipelines = pipelines;
        this.runtimes = runtimes;
        this.ingestion = ingestion;
    }

    /** Runs the evaluation and writes the report; returns it ({@code null} for a calibration from rated runs). */
    public EvalReport run(Options options, PrintStream out) {
        if (options.runs() != null) {
            calibrateFromRuns(options, out);
            return null;
        }
        List<EvalQuestion> questions = readQuestions(options.questions(), options.limit());
        String tenant = options.tenant() != null ? options.tenant() : throwAwayTenant(options, out);
        out.printf(Locale.ROOT, "Evaluating %d questions on tenant %s%s%n", questions.size(), tenant,
                options.naive() ? " with the naive baseline" : "");
        int[] lastTenth = {0};
        List<EvalRun> runs = eval.run(tenant, questions, options.naive(), (done, total) -> {
            int tenth = done * 10 / total;
            if (tenth > lastTenth[0]) {
                lastTenth[0] = tenth;
                out.printf(Locale.ROOT, "  %3d%%  %d of %d runs%n", tenth * 10, done, total);
            }
        });
        EvalReport report = eval.report(tenant, runs);
        write(options.out(), report, runs);
        for (EvalReport.PipelineResult p : report.pipelines()) {
            EvalReport.Metrics m = p.overall();
            out.printf(Locale.ROOT, "%-16s route %.3f  abstention recall %.3f  false abstention %.3f  context P %.3f R %.3f"
                            + "  containment %.3f  F1 %.3f  faithfulness %.3f  relevancy %.3f  p50 %.1f ms  p95 %.1f ms"
                            + "  degraded %d%n", p.name(), m.routeAccuracy(),
                    m.abstentionRecall(), m.falseAbstention(), m.contextPrecision(), m.contextRecall(), m.containment(),
                    m.tokenF1(), m.faithfulness(), m.answerRelevancy(), m.latencyP50(), m.latencyP95(), m.degraded());
            if (m.trust() != null) {
                EvalReport.Trust t = m.trust();
                out.printf(Locale.ROOT, "%-16s trust (%d questions with short answers or none): served non-answers %.3f"
                                + "  unanswerable abstained %.3f  answerable answered right %.3f  right %.3f%n", "",
                        t.questions(), t.servedNonAnswers(), t.unanswerableAbstained(), t.answerableRight(), t.right());
            }
            if (m.risk() != null) {
                EvalReport.Risk r = m.risk();
                out.printf(Locale.ROOT, "%-16s outcomes: answered right %.3f  abstained rightly %.3f  served wrong %.3f"
                                + "  abstained wrongly %.3f  risk-coverage area %.3f  calibration error %.3f%n", "",
                        r.answeredRight(), r.abstainedRightly(), r.servedWrong(), r.abstainedWrongly(), r.area(),
                        r.calibrationError());
            }
            if (options.errorBudget() != null) {
                printBudget(runs.stream().filter(r -> r.pipeline().equals(p.name())).toList(), options.errorBudget(), out);
            }
            CitationCheck checked = runs.stream().filter(r -> r.pipeline().equals(p.name())).map(EvalRun::citations)
                    .reduce(CitationCheck.NONE, CitationCheck::plus);
            out.printf(Locale.ROOT, "%-16s citations: %d of %d cited sentences are held by the passage their [n] points at%n",
                    "", checked.held(), checked.cited());
            if (m.degraded() > 0) {
                out.printf(Locale.ROOT, "  WARNING: %d of %d %s runs were degraded (a plugin failed or was refused; "
                        + "runs.jsonl has each run's notices): these figures measure the failure too%n", m.degraded(),
                        m.questions(), p.name());
            }
        }
        printHalves(tenant, runs, out);
        out.println("Report: " + options.out().resolve("report.html").toAbsolutePath());
        if (options.calibrate()) {
            calibrate(tenant, questions, options, out);
        }
        return report;
    }

    /** The least confidence that keeps served errors within {@code budget}, and its cost in coverage. */
    private static void printBudget(List<EvalRun> rows, double budget, PrintStream out) {
        List<RiskCoverage.Judged> judged = EvalService.judged(rows);
        RiskCoverage.forBudget(judged, budget).ifPresentOrElse(c -> out.printf(Locale.ROOT,
                "%-16s error budget %.3f: serve answers of confidence >= %.3f (--set pipeline.confidenceHigh=%.3f "
                        + "--set pipeline.mediumConfidence=WITHHOLD): answered %.3f of questions, %.3f of them wrong, "
                        + "%d right answers withheld%n", "", budget, c.threshold(), c.threshold(), c.coverage(), c.risk(),
                c.lost()), () -> out.printf(Locale.ROOT, "%-16s error budget %.3f: no confidence threshold keeps within it"
                + " on these questions%n", "", budget));
    }

    /**
     * The figures of each half of the set ({@link io.corrigo.server.Halves}): tune on the tuning half, and ship only what lifts the
     * held-out half too.
     */
    private void printHalves(String tenant, List<EvalRun> runs, PrintStream out) {
        for (Halves.Half half : Halves.Half.values()) {
            List<EvalRun> rows = runs.stream().filter(r -> Halves.of(r.question().id()) == half).toList();
            if (rows.isEmpty()) {
                continue;
            }
            for (EvalReport.PipelineResult p : eval.report(tenant, rows).pipelines()) {
                EvalReport.Metrics m = p.overall();
                out.printf(Locale.ROOT, "%-16s %s half (%d questions): route %.3f  abstention recall %.3f  false abstention"
                                + " %.3f%s%s%n", p.name(), half.label(), m.questions(), m.routeAccuracy(), m.abstentionRecall(),
                        m.falseAbstention(), m.trust() == null ? "" : String.format(Locale.ROOT, "  trust: served "
                                + "non-answers %.3f  unanswerable abstained %.3f  answerable right %.3f  right %.3f",
                                m.trust().servedNonAnswers(), m.trust().unanswerableAbstained(),
                                m.trust().answerableRight(), m.trust().right()),
                        m.risk() == null ? "" : String.format(Locale.ROOT, "  served wrong %.3f  risk-coverage area %.3f",
                                m.risk().servedWrong(), m.risk().area()));
            }
        }
    }

    private String throwAwayTenant(Options options, PrintStream out) {
        String tenant = "eval-" + UUID.randomUUID().toString().substring(0, 8);
        tenants.create(tenant, "Evaluation " + options.questions().getFileName());
        Map<String, StageConfig> stages = new HashMap<>(PipelineService.defaultDefinition().stages());
        if (options.web() != null) {
            Path corpus = runtimes.pluginDirectory(tenant, "local-corpus-search").resolve("web.jsonl");
            try {
                Files.createDirectories(corpus.getParent());
                Files.copy(options.web(), corpus);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot install the fallback corpus", e);
            }
            stages.put(StageKind.SEARCH.stage(), new StageConfig("local-corpus-search", Map.of("corpus", "web.jsonl")));
        }
        PipelineDefinition defaults = PipelineService.defaultDefinition();
        io.corrigo.engine.settings.PipelineSettings settings = defaults.settings();
        Map<String, String> pipelineSettings = options.overrides().get(PIPELINE);
        if (pipelineSettings != null) {
            Map<String, String> values = new HashMap<>(settings.values());
            values.putAll(pipelineSettings);
            try {
                settings = io.corrigo.engine.settings.PipelineSettings.from(values, settings.selfRag());
            } catch (io.corrigo.api.config.InvalidConfigException e) {
                throw new IllegalArgumentException("--set pipeline.…: " + e.getMessage());
            }
        }
        options.overrides().forEach((stage, properties) -> {
            if (stage.equals(PIPELINE)) {
                return;
            }
            StageConfig given = stages.get(stage);
            if (given == null) {
                throw new IllegalArgumentException("--set names no stage of the default pipeline: '" + stage
                        + "' (stages: " + String.join(", ", new java.util.TreeSet<>(stages.keySet())) + ")");
            }
            Map<String, String> merged = new HashMap<>(given.properties());
            merged.putAll(properties);
            stages.put(stage, new StageConfig(given.factoryId(), merged));
        });
        pipelines.save(tenant, new PipelineDefinition(settings, stages, defaults.resilience(), defaults.models()));
        JobView job;
        try {
            job = ingestion.submit(tenant, List.of(new IngestionService.Upload(options.kb().getFileName().toString(),
                    "application/jsonl", Files.readAllBytes(options.kb()))));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + options.kb(), e);
        }
        out.println("Indexing " + options.kb() + " into throw-away tenant " + tenant + " …");
        while (!job.finished()) {
            job = ingestion.await(tenant, job.id(), Duration.ofSeconds(10));
            out.printf(Locale.ROOT, "  %3.0f%%  %d of %d chunks%n", job.progress() * 100, job.chunksDone(), job.chunksTotal());
        }
        if (!job.state().equals("DONE")) {
            throw new IllegalStateException("indexing the knowledge base failed: " + job);
        }
        return tenant;
    }

    private void calibrate(String tenant, List<EvalQuestion> questions, Options options, PrintStream out) {
        out.println("Calibrating thresholds: one permissive run per question, then a replay over the grid …");
        sweepAndApply(calibration.record(tenant, questions, null), tenant, options, out);
    }

    private void calibrateFromRuns(Options options, PrintStream out) {
        FeedbackRuns.Read read;
        try {
            read = FeedbackRuns.parse(options.runs().toString(), Files.readAllLines(options.runs(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + options.runs(), e);
        }
        if (options.tenant() != null) {
            tenants.require(options.tenant());
        }
        out.printf(Locale.ROOT, "Calibrating thresholds on %d rated runs (%d runs without a rating skipped); route "
                + "accuracy here is agreement with the ratings%n", read.recording().questions().size(), read.skipped());
        sweepAndApply(read.recording(), options.tenant(), options, out);
    }

    private void sweepAndApply(Calibration.Recording recording, String tenant, Options options, PrintStream out) {
        List<Calibration.Point> points = Calibration.sweep(recording);
        try {
            Files.createDirectories(options.out());
            JSON.writerWithDefaultPrettyPrinter().writeValue(options.out().resolve("calibration.json").toFile(), points);
            StringBuilder lines = new StringBuilder();
            for (Calibration.Recorded r : recording.questions()) {
                lines.append(JSON.writeValueAsString(r)).append('\n');
            }
            Files.writeString(options.out().resolve("calibration-scores.jsonl"), lines);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the calibration to " + options.out(), e);
        }
        out.println("  upper  lower  strip  ratio   route  abst.R  false abst.  ctx P  ctx R  fallback  est. latency");
        points.stream().limit(5).forEach(p -> out.printf(Locale.ROOT,
                "  %.2f   %.2f   %.2f   %.2f    %.3f  %.3f   %.3f        %.3f  %.3f  %.2f      %.0f ms%n",
                p.upper(), p.lower(), p.strip(), p.stripRatio(), p.routeAccuracy(), p.abstentionRecall(), p.falseAbstention(),
                p.contextPrecision(), p.contextRecall(), p.fallbackShare(), p.latencyMillis()));
        out.println("Every point: " + options.out().resolve("calibration.json").toAbsolutePath());
        if (options.apply()) {
            // --apply is the operator's explicit say-so: the draft calibration proposes is published at once
            int version = pipelines.publish(tenant, calibration.apply(tenant, points.get(0))).version();
            out.println("Saved the best thresholds as pipeline version " + version + " of tenant " + tenant
                    + " and published it");
        }
    }

    static List<EvalQuestion> readQuestions(Path file, int limit) {
        try {
            return EvalQuestions.parse(file.toString(), Files.readAllLines(file, StandardCharsets.UTF_8), limit);
        } catch (EvalQuestions.UnknownKeys e) {
            throw new IllegalArgumentException(e.getMessage() + "\n  " + String.join("\n  ", e.details()), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static void write(Path dir, EvalReport report, List<EvalRun> runs) {
        try {
            Files.createDirectories(dir);
            JSON.writerWithDefaultPrettyPrinter().writeValue(dir.resolve("report.json").toFile(), report);
            Files.writeString(dir.resolve("report.html"), HtmlReport.render(report));
            StringBuilder lines = new StringBuilder();
            for (EvalRun run : runs) {
                // each run with its judged outcome, where known: what risk-coverage and a confidence fit read
                com.fasterxml.jackson.databind.node.ObjectNode line = JSON.valueToTree(run);
                line.put("outcome", EvalService.judged(run).map(RiskCoverage.Judged::outcome).orElse(null));
                lines.append(JSON.writeValueAsString(line)).append('\n');
            }
            Files.writeString(dir.resolve("runs.jsonl"), lines);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report to " + dir, e);
        }
    }
}

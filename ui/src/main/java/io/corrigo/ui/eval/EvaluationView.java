package io.corrigo.ui.eval;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.progressbar.ProgressBar;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.component.upload.receivers.MemoryBuffer;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.StreamResource;
import io.corrigo.server.eval.Calibration;
import io.corrigo.server.eval.EvalJobs;
import io.corrigo.server.eval.EvalReport;
import io.corrigo.ui.shell.Badges;
import io.corrigo.ui.shell.EmptyState;
import io.corrigo.ui.shell.Polling;
import io.corrigo.ui.shell.TenantScopedView;
import io.corrigo.ui.shell.TenantSelection;
import io.corrigo.ui.shell.Texts;
import io.corrigo.ui.shell.Toasts;
import jakarta.annotation.security.PermitAll;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Evaluation: upload a labelled question set (JSONL, as the eval command reads), run it through the tenant's
 * pipeline and the naive baseline with a progress bar, and read and compare the reports (the last
 * {@link EvalJobs#KEPT} of the tenant, each downloadable as HTML).
 */
@Menu(title = "Evaluation", order = 60, icon = "vaadin:scale")
@Route("evaluation")
@PageTitle("Evaluation · Corrigo")
@PermitAll
public class EvaluationView extends TenantScopedView {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());
    private static final int POLL_MILLIS = 700;

    private final EvalJobs jobs;
    private final Calibration calibration;
    private final VerticalLayout list = new VerticalLayout();
    private final Div comparison = new Div();
    private final Polling polling = new Polling(POLL_MILLIS);

    private final io.corrigo.server.pipeline.PipelineService pipelines;
    private final io.corrigo.server.eval.EvalCases cases;

    public EvaluationView(TenantSelection selection, EvalJobs jobs, Calibration calibration,
                          io.corrigo.server.pipeline.PipelineService pipelines, io.corrigo.server.eval.EvalCases cases) {
        super(selection, t("Evaluation"));
        this.pipelines = pipelines;
        this.cases = cases;
        this.jobs = jobs;
        this.calibration = calibration;
        addDetachListener(e -> polling.stop(e.getUI()));
    }

    @Override
    protected void show(String tenantId, BeforeEnterEvent event) {
        add(new Paragraph(t("Runs a labelled question set (one JSON object per line: question, gold_route kb | web | none, answers, gold_sentences, source — the shape of the Corrigo benchmark) through this tenant's active pipeline and, alongside, its naive baseline, and reports route accuracy, abstention, context precision and recall, answer containment, token F1, faithfulness and answer relevancy (judged by the active pipeline's critic and grader) and latency. Evaluations run one at a time.")));
        MemoryBuffer buffer = new MemoryBuffer();
        Upload upload = io.corrigo.ui.shell.ComponentTexts.upload(new Upload(buffer));
        upload.setId("eval-upload");
        upload.setAcceptedFileTypes(".jsonl");
        upload.setMaxFiles(1);
        upload.setMaxFileSize(10 * 1024 * 1024);
        upload.setDropLabel(new Span(t("Drop a questions .jsonl file here (10 MB)")));
        Checkbox naive = new Checkbox(t("Compare with the naive baseline"), true);
        naive.setId("eval-naive");
        Checkbox calibrate = new Checkbox(t("Also calibrate the thresholds on these questions (at least {0})", jobs.minLabelled()), false);
        calibrate.setId("eval-calibrate");
        int activeVersion = pipelines.activeVersion(tenantId);
        List<String> versions = new ArrayList<>();
        versions.add(t("no other version"));
        pipelines.versions(tenantId).stream().filter(v -> v.version() != activeVersion)
                .forEach(v -> versions.add("v" + v.version() + " · " + Texts.known(v.state().name().toLowerCase(Locale.ROOT))));
        com.vaadin.flow.component.select.Select<String> other = new com.vaadin.flow.component.select.Select<>();
        other.setId("eval-compare-version");
        other.setWidth("16rem");
        other.setLabel(t("Also run, side by side with v{0}", activeVersion));
        other.setItems(versions);
        other.setValue(event.getLocation().getQueryParameters().getSingleParameter("compare")
                .map(c -> versions.stream().filter(v -> v.startsWith("v" + c + " ")).findFirst().orElse(versions.get(0)))
                .orElse(versions.get(0)));
        upload.addFileRejectedListener(e -> Toasts.error(e.getErrorMessage()));
        upload.addSucceededListener(e -> {
            try (InputStream in = buffer.getInputStream()) {
                String content = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                Integer compare = other.getValue() == null || !other.getValue().startsWith("v") ? null
                        : Integer.valueOf(other.getValue().substring(1, other.getValue().indexOf(' ')));
                EvalJobs.Job job = jobs.submit(tenantId, e.getFileName(), content, naive.getValue(),
                        calibrate.getValue(), compare);
                Toasts.success(t("Evaluating {0}.", job.name()));
                refresh(tenantId);
            } catch (IOException | RuntimeException ex) {
                Toasts.error(ex instanceof RuntimeException r ? r : new IllegalStateException(ex.getMessage()));
            }
            upload.clearFileList();
        });
        Button rated = new Button(t("Calibrate on rated runs"), e -> {
            Toasts.attempt(() -> {
                EvalJobs.Job job = jobs.submitFeedbackCalibration(tenantId);
                Toasts.success(t("Calibrating on the {0} of the run log.", job.name()));
                refresh(tenantId);
            });
        });
        rated.setId("eval-calibrate-feedback");
        long ratedRuns = jobs.ratedRuns(tenantId);
        Span ratedReason = new Span(ratedRuns >= jobs.minLabelled() ? t("{0} rated runs to calibrate on", ratedRuns)
                : t("Needs {0} rated runs; {1} so far. Users rate answers with thumbs up or down in the widget, admins in the run log.", jobs.minLabelled(), ratedRuns));
        ratedReason.setId("eval-calibrate-feedback-reason");
        ratedReason.getStyle().set("font-size", "var(--lumo-font-size-s)").set("color", "var(--lumo-secondary-text-color)");
        rated.setEnabled(ratedRuns >= jobs.minLabelled());
        java.util.Map<String, Integer> sets = cases.sets(tenantId);
        com.vaadin.flow.component.select.Select<String> set = new com.vaadin.flow.component.select.Select<>();
        set.setId("eval-set");
        set.setLabel(t("Or evaluate a set of cases kept from runs"));
        set.setItems(sets.keySet());
        set.setItemLabelGenerator(name -> t("{0} ({1} cases)", name, sets.get(name)));
        set.setEmptySelectionAllowed(false);
        set.setPlaceholder(sets.isEmpty() ? t("none yet: a run's page adds one") : t("choose a set"));
        set.setEnabled(!sets.isEmpty());
        Button runSet = new Button(t("Evaluate set"), e -> Toasts.attempt(() -> {
            if (set.getValue() == null) {
                throw new IllegalArgumentException(t("Choose a set first."));
            }
            EvalJobs.Job job = jobs.submit(tenantId, t("set {0}", set.getValue()), cases.jsonl(tenantId, set.getValue()),
                    naive.getValue(), false, null);
            Toasts.success(t("Evaluating {0}.", job.name()));
            refresh(tenantId);
        }));
        runSet.setId("eval-run-set");
        runSet.setEnabled(!sets.isEmpty());
        HorizontalLayout setRow = new HorizontalLayout(set, runSet);
        setRow.setAlignItems(FlexComponent.Alignment.BASELINE);
        rated.getElement().setAttribute("title", t("Replays the runs users rated helpful or not helpful over the threshold grid: the best thresholds agree most with the ratings"));
        Anchor template = new Anchor(new StreamResource("question-set-template.jsonl",
                () -> new java.io.ByteArrayInputStream(TEMPLATE.getBytes(StandardCharsets.UTF_8))), t("Download a question-set template"));
        template.setId("eval-template");
        template.getElement().setAttribute("download", true);
        HorizontalLayout calibrateRow = new HorizontalLayout(rated, ratedReason);
        calibrateRow.setAlignItems(FlexComponent.Alignment.CENTER);
        HorizontalLayout top = new HorizontalLayout(new VerticalLayout(upload, template),
                new VerticalLayout(naive, calibrate, other, calibrateRow, setRow));
        top.setAlignItems(FlexComponent.Alignment.CENTER);
        top.setWidthFull();
        top.getStyle().set("flex-wrap", "wrap");
        list.setId("evaluations");
        list.setPadding(false);
        comparison.setId("eval-comparison");
        comparison.setWidthFull();
        add(top, new com.vaadin.flow.component.html.H3(t("Evaluations")), list, comparison);
        refresh(tenantId);
    }

    private void refresh(String tenantId) {
        list.removeAll();
        List<EvalJobs.Job> all = jobs.list(tenantId);
        if (all.isEmpty()) {
            list.add(EmptyState.of(t("No evaluations yet"), t("Upload a question set above; the benchmark's questions_dev.jsonl is a good start.")));
        }
        all.forEach(job -> {
            list.add(row(job));
            if (job.calibration() != null && !job.calibration().isEmpty()) {
                list.add(calibrationResult(tenantId, job));
            }
        });
        List<EvalJobs.Job> done = all.stream().filter(j -> j.report() != null).toList();
        comparison.removeAll();
        if (!done.isEmpty()) {
            comparison.add(new com.vaadin.flow.component.html.H3(t("Compare (newest first)")), compare(done));
            // a trend joins evaluations of one question set only: figures over other questions do not compare
            Map<String, List<EvalJobs.Job>> bySet = new java.util.LinkedHashMap<>();
            done.forEach(job -> bySet.computeIfAbsent(job.name(), k -> new ArrayList<>()).add(job));
            int n = 0;
            for (Map.Entry<String, List<EvalJobs.Job>> set : bySet.entrySet()) {
                if (n == 3) {
                    break;
                }
                comparison.add(trend(n++ == 0 ? "eval-trend" : "eval-trend-" + n, set.getKey(), set.getValue()));
            }
            comparison.add(perQuestion(done));
        }
        boolean running = all.stream().anyMatch(j -> j.state().equals("RUNNING"));
        polling.keep(running, () -> refresh(tenantId));
    }

    private static Div row(EvalJobs.Job job) {
        ProgressBar bar = new ProgressBar(0, 1, job.progress());
        bar.setWidth("16rem");
        bar.getElement().setAttribute("aria-label", t("Evaluation {0}", job.name()));
        Span label = new Span(String.format(Locale.ROOT, t("%s · started %s · %.0f %%"), job.name(),
                WHEN.format(job.startedAt()), job.progress() * 100));
        Div row = new Div(Badges.of(job.state()), bar, label);
        if (job.error() != null) {
            Span error = new Span(job.error());
            error.getStyle().set("color", "var(--lumo-error-text-color)");
            row.add(error);
        }
        if (job.html() != null) {
            Anchor download = new Anchor(new StreamResource("corrigo-evaluation-" + job.id().substring(0, 8) + ".html",
                    () -> new ByteArrayInputStream(job.html().getBytes(StandardCharsets.UTF_8))), t("HTML report"));
            download.getElement().setAttribute("download", true);
            row.add(download);
        }
        row.addClassName("evaluation");
        row.getElement().setAttribute("data-state", job.state());
        row.getStyle().set("display", "flex").set("gap", "var(--lumo-space-m)").set("align-items", "center");
        return row;
    }

    /** The best threshold points of a calibration, with a button that saves the best as the next pipeline version. */
    private Div calibrationResult(String tenantId, EvalJobs.Job job) {
        Calibration.Point best = job.calibration().get(0);
        Button apply = new Button(String.format(Locale.ROOT, t("Apply upper %.2f · lower %.2f · strip %.2f · ratio %.2f"),
                best.upper(), best.lower(), best.strip(), best.stripRatio()), e -> {
            Toasts.attempt(() -> {
                int version = calibration.apply(tenantId, best);
                Toasts.success(t("Saved the calibrated thresholds as draft version {0}: queries keep the active version until you publish it (Pipeline page); try it beside the active one first.", version));
            });
        });
        boolean rated = job.report() == null; // a calibration on rated runs: no question set, no report
        apply.setId(rated ? "eval-apply-calibration-rated" : "eval-apply-calibration");
        apply.addThemeVariants(ButtonVariant.LUMO_PRIMARY, ButtonVariant.LUMO_SMALL);
        Grid<Calibration.Point> grid = new Grid<>();
        grid.setId(rated ? "eval-calibration-rated" : "eval-calibration");
        grid.addColumn(p -> f(p.upper())).setHeader(t("Upper")).setAutoWidth(true);
        grid.addColumn(p -> f(p.lower())).setHeader(t("Lower")).setAutoWidth(true);
        grid.addColumn(p -> f(p.strip())).setHeader(t("Strip")).setAutoWidth(true);
        grid.addColumn(p -> f(p.stripRatio())).setHeader(t("Strip ratio")).setAutoWidth(true);
        grid.addColumn(p -> f(p.routeAccuracy())).setHeader(rated ? t("Agreement") : t("Route acc.")).setAutoWidth(true);
        grid.addColumn(p -> {
            double[] ci = p.routeAccuracyInterval();
            return String.format(Locale.ROOT, "%.2f–%.2f", ci[0], ci[1]);
        }).setHeader(help(t("95 % interval"), t("Where the {0} on new questions probably lies (Wilson interval on {1} labelled {2}): the narrower, the more the point can be trusted.", (rated ? t("agreement") : t("route accuracy")), job.calibration().get(0).questions(), (rated ? t("runs") : t("questions"))))).setAutoWidth(true);
        grid.addColumn(p -> f(p.falseAbstention())).setHeader(t("False abst.")).setAutoWidth(true);
        grid.addColumn(p -> f(p.contextPrecision())).setHeader(t("Ctx precision")).setAutoWidth(true);
        grid.addColumn(p -> f(p.contextRecall())).setHeader(t("Ctx recall")).setAutoWidth(true);
        grid.addColumn(p -> String.format(Locale.ROOT, "%.0f %%", p.fallbackShare() * 100)).setHeader(t("Falls back"))
                .setAutoWidth(true);
        grid.addColumn(p -> String.format(Locale.ROOT, t("%.0f ms"), p.latencyMillis())).setHeader(t("Est. latency"))
                .setAutoWidth(true);
        grid.setItems(job.calibration());
        grid.setAllRowsVisible(true);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        Paragraph note = new Paragraph(rated
                ? t("Calibration on the rated runs: the best threshold points, replayed from each rated run's trace; agreement is the share of replayed outcomes that match a helpful run's or differ from an unhelpful one's (neighbouring routes count half). Approximate: a trace holds fallback results only when its run searched, and sentences only of the passages it kept.")
                : t("Calibration of {0}: the best threshold points, replayed from one permissive run per question; points with at most 10 % false abstentions first (latency estimated from the measured knowledge-base and fallback times).", job.name()));
        note.getStyle().set("color", "var(--lumo-secondary-text-color)").set("margin", "0");
        Div box = new Div(note, grid, apply);
        box.setWidthFull();
        box.getStyle().set("padding-left", "var(--lumo-space-l)").set("box-sizing", "border-box");
        return box;
    }

    private static com.vaadin.flow.component.Component help(String text, String title) {
        return io.corrigo.ui.shell.Help.labelled(text, title);
    }

    /**
     * The headline metrics of the active pipeline over the stored evaluations, oldest first: whether quality moves as
     * the pipeline and the knowledge change.
     */
    private static com.vaadin.flow.component.Component trend(String id, String set, List<EvalJobs.Job> done) {
        List<EvalJobs.Job> oldestFirst = new ArrayList<>(done);
        java.util.Collections.reverse(oldestFirst);
        List<String> labels = new ArrayList<>();
        double[][] values = new double[4][oldestFirst.size()];
        for (int i = 0; i < oldestFirst.size(); i++) {
            EvalJobs.Job job = oldestFirst.get(i);
            labels.add(DAY.format(job.startedAt()));
            EvalReport.Metrics m = job.report().pipelines().get(0).overall();
            values[0][i] = m.routeAccuracy();
            values[1][i] = m.faithfulness();
            values[2][i] = m.answerRelevancy();
            values[3][i] = m.tokenF1();
        }
        com.vaadin.flow.component.Component chart = io.corrigo.ui.trace.SvgChart.lines(id,
                t("Trend on {0} (the evaluated pipeline, oldest first)", set), "", labels, List.of(
                        new io.corrigo.ui.trace.SvgChart.Series(t("route accuracy"), "var(--lumo-primary-color)", values[0]),
                        new io.corrigo.ui.trace.SvgChart.Series(t("faithfulness"), "var(--lumo-success-color)", values[1]),
                        new io.corrigo.ui.trace.SvgChart.Series(t("answer relevancy"), "#f0a500", values[2]),
                        new io.corrigo.ui.trace.SvgChart.Series(t("token F1"), "var(--lumo-error-color)", values[3])));
        return chart;
    }

    private static final java.time.format.DateTimeFormatter DAY = java.time.format.DateTimeFormatter
            .ofPattern("MM-dd HH:mm").withZone(java.time.ZoneId.systemDefault());

    /** A question set's shape, one labelled question per line, for admins writing their own. */
    static final String TEMPLATE = String.join("\n",
            "{\"id\": \"q1\", \"question\": \"How many days of paid time off do full-time employees get?\", "
                    + "\"answers\": [\"25 days\"], \"gold_route\": \"kb\", "
                    + "\"gold_sentences\": [\"Full-time employees receive 25 days of paid time off each year.\"], "
                    + "\"source\": \"handbook\"}",
            "{\"id\": \"q2\", \"question\": \"What is the current exchange rate of the euro?\", \"answers\": [], "
                    + "\"gold_route\": \"web\", \"gold_sentences\": [], \"source\": \"handbook\"}",
            "{\"id\": \"q3\", \"question\": \"What was the company's revenue in 2019?\", \"answers\": [], "
                    + "\"gold_route\": \"none\", \"gold_sentences\": [], \"source\": \"handbook\"}") + "\n";

    /**
     * What each pipeline answered to each question of an evaluation, right or wrong and why; the newest evaluation
     * first, another chosen above the grid, the wrong ones alone on request.
     */
    private static com.vaadin.flow.component.Component perQuestion(List<EvalJobs.Job> done) {
        List<EvalJobs.Job> withOutcomes = done.stream().filter(j -> !j.report().outcomes().isEmpty()).toList();
        VerticalLayout box = new VerticalLayout();
        box.setPadding(false);
        box.setId("eval-per-question");
        box.add(new com.vaadin.flow.component.html.H3(t("Per question")));
        if (withOutcomes.isEmpty()) {
            box.add(new Paragraph(t("Evaluations run from now on keep what each pipeline answered to each question.")));
            return box;
        }
        com.vaadin.flow.component.select.Select<EvalJobs.Job> which = new com.vaadin.flow.component.select.Select<>();
        which.setId("eval-questions-job");
        which.setLabel(t("Evaluation"));
        which.setWidth("24rem");
        which.setItems(withOutcomes);
        which.setItemLabelGenerator(j -> WHEN.format(j.startedAt()) + " · " + j.name());
        which.setValue(withOutcomes.get(0));
        Checkbox wrongOnly = new Checkbox(t("Wrong only"));
        wrongOnly.setId("eval-questions-wrong");
        Grid<EvalReport.Outcome> grid = new Grid<>();
        grid.setId("eval-questions");
        grid.addColumn(EvalReport.Outcome::question).setHeader(t("Question")).setWidth("12rem").setFlexGrow(2);
        grid.addColumn(EvalReport.Outcome::pipeline).setHeader(t("Pipeline")).setWidth("7rem").setFlexGrow(0);
        grid.addComponentColumn(o -> Badges.of(o.verdict())).setHeader(t("Verdict")).setWidth("6rem").setFlexGrow(0);
        grid.addColumn(o -> o.abstained() ? t("(abstained) {0}", o.answer()) : o.answer()).setHeader(t("Answer")).setWidth("14rem")
                .setFlexGrow(3);
        grid.addColumn(o -> Texts.shaped(o.why(), EvalReport.Outcome.REASONS)).setHeader(t("Why")).setWidth("10rem").setFlexGrow(2);
        grid.addThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT, GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        grid.setAllRowsVisible(true);
        Paragraph tally = new Paragraph();
        tally.setId("eval-questions-tally");
        tally.getStyle().set("color", "var(--lumo-secondary-text-color)").set("margin", "0");
        Runnable show = () -> {
            List<EvalReport.Outcome> outcomes = which.getValue().report().outcomes();
            grid.setItems(outcomes.stream().filter(o -> !wrongOnly.getValue() || !o.verdict().equals("right")).toList());
            tally.setText(tally(outcomes));
        };
        which.addValueChangeListener(e -> show.run());
        wrongOnly.addValueChangeListener(e -> show.run());
        show.run();
        HorizontalLayout controls = new HorizontalLayout(which, wrongOnly);
        controls.setAlignItems(FlexComponent.Alignment.BASELINE);
        box.add(controls, tally, grid);
        return box;
    }

    /**
     * The rows' verdicts counted per pipeline, and how they differ from the figures above (which are the benchmark's
     * metrics: a route can be right while the answer lacks the reference), so the two never seem to contradict.
     */
    private static String tally(List<EvalReport.Outcome> outcomes) {
        java.util.Map<String, int[]> counts = new java.util.LinkedHashMap<>();
        for (EvalReport.Outcome o : outcomes) {
            int[] c = counts.computeIfAbsent(o.pipeline(), p -> new int[3]);
            c[o.verdict().equals("right") ? 0 : o.verdict().equals("partly") ? 1 : 2]++;
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((pipeline, c) -> parts.add(t("{0}: {1} right, {2} partly, {3} wrong", pipeline, c[0], c[1], c[2])));
        return String.join(" · ", parts) + ". " + t("A row is right when the answer holds a short reference (where the question has one), else by its route; the figures above are the benchmark's metrics and count otherwise (route accuracy judges the route alone, answer containment any reference).");
    }

    /** One row per (evaluation, pipeline): the headline metrics side by side. */
    private static Grid<String[]> compare(List<EvalJobs.Job> done) {
        List<String[]> rows = new ArrayList<>();
        for (EvalJobs.Job job : done) {
            for (EvalReport.PipelineResult p : job.report().pipelines()) {
                EvalReport.Metrics m = p.overall();
                rows.add(new String[] {WHEN.format(job.startedAt()) + " · " + job.name() + " · "
                        + t("{0} questions", m.questions()), p.name(), f(m.routeAccuracy()),
                        f(m.abstentionRecall()) + " / " + f(m.falseAbstention()),
                        f(m.contextPrecision()) + " / " + f(m.contextRecall()),
                        f(m.containment()) + " / " + f(m.tokenF1()),
                        f(m.faithfulness()) + " / " + f(m.answerRelevancy()),
                        m.risk() == null ? "–" : f(m.risk().servedWrong()) + " / " + f(m.risk().area()),
                        String.format(Locale.ROOT, t("%.0f / %.0f ms"), m.latencyP50(), m.latencyP95())});
            }
        }
        Grid<String[]> grid = new Grid<>();
        grid.setId("eval-compare");
        // pairs share a column so that every figure is visible at 1280 px without scrolling the grid sideways
        String[] headers = {t("Evaluation"), t("Pipeline"), t("Route acc."), t("Abstention recall / false"),
                t("Context precision / recall"), t("Answer contains / F1"), t("Faithfulness / relevancy"),
                t("Served wrong / risk area"), t("Latency p50 / p95")};
        String[] widths = {null, "6.5rem", "5rem", "6.5rem", "6.5rem", "6.5rem", "7rem", "6.5rem", "6.5rem"};
        for (int i = 0; i < headers.length; i++) {
            int column = i;
            Grid.Column<String[]> c = grid.addColumn(r -> r[column]).setHeader(headers[i]);
            if (widths[i] == null) {
                c.setFlexGrow(1).setWidth("8rem").setTooltipGenerator(r -> r[column]);
            } else {
                c.setWidth(widths[i]).setFlexGrow(0);
            }
        }
        grid.setItems(rows);
        grid.setAllRowsVisible(true);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES, GridVariant.LUMO_WRAP_CELL_CONTENT);
        return grid;
    }

    private static String f(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.3f", v);
    }
}

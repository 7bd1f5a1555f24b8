package io.corrigo.ui.run;

import static io.corrigo.ui.shell.Texts.t;

import com.vaadin.flow.component.Component;
import io.corrigo.server.run.RunView;
import io.corrigo.ui.trace.SvgChart;
import io.corrigo.server.Percentiles;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The run log's charts: actions (CORRECT / AMBIGUOUS / INCORRECT / naive) per time bucket, and latency p50 and p95
 * per bucket. Buckets are hours when the runs span two days or less, days otherwise.
 */
final class RunCharts {

    private RunCharts() {
    }

    static List<Component> of(List<RunView> runs) {
        Instant first = runs.stream().map(RunView::createdAt).min(Instant::compareTo).orElseThrow();
        Instant last = runs.stream().map(RunView::createdAt).max(Instant::compareTo).orElseThrow();
        boolean hourly = Duration.between(first, last).compareTo(Duration.ofDays(2)) <= 0;
        ChronoUnit unit = hourly ? ChronoUnit.HOURS : ChronoUnit.DAYS;
        DateTimeFormatter label = DateTimeFormatter.ofPattern(hourly ? "HH:00" : "MM-dd").withZone(ZoneId.systemDefault());
        TreeMap<Instant, List<RunView>> buckets = new TreeMap<>();
        for (Instant t = first.truncatedTo(unit); !t.isAfter(last); t = t.plus(1, unit)) {
            buckets.put(t, new ArrayList<>());
        }
        runs.forEach(r -> buckets.get(r.createdAt().truncatedTo(unit)).add(r));
        List<String> names = buckets.keySet().stream().map(label::format).toList();
        String[] actions = {"CORRECT", "AMBIGUOUS", "INCORRECT", t("no retrieval"), "naive"};
        String[] colors = {"var(--lumo-success-color)", "#f0a500", "var(--lumo-error-color)", "var(--lumo-primary-color-50pct)",
                "var(--lumo-contrast-50pct)"};
        List<SvgChart.Series> actionSeries = new ArrayList<>();
        for (int a = 0; a < actions.length; a++) {
            double[] counts = new double[names.size()];
            int b = 0;
            for (List<RunView> bucket : buckets.values()) {
                String action = actions[a];
                counts[b++] = bucket.stream().filter(r -> action.equals(actionOf(r))).count();
            }
            actionSeries.add(new SvgChart.Series(t(actions[a]), colors[a], counts));
        }
        double[] p50 = new double[names.size()];
        double[] p95 = new double[names.size()];
        int b = 0;
        for (List<RunView> bucket : buckets.values()) {
            double[] ms = bucket.stream().mapToDouble(RunView::totalMillis).sorted().toArray();
            p50[b] = Percentiles.of(ms).at(50);
            p95[b] = Percentiles.of(ms).at(95);
            b++;
        }
        String span = t(" (latest {0} runs, per {1})", runs.size(), (hourly ? t("hour") : t("day")));
        return List.of(
                SvgChart.stackedBars("chart-actions", t("Actions{0}", span), names, actionSeries),
                SvgChart.lines("chart-latency", t("Latency{0}", span), "ms", names, List.of(
                        new SvgChart.Series("p50", "var(--lumo-primary-color)", p50),
                        new SvgChart.Series("p95", "var(--lumo-error-color)", p95))));
    }

    /**
     * What a run did, as the log and its chart name it: its grade action; "no retrieval" when a corrective run
     * skipped retrieval (a greeting, a question the critic answered without documents); "naive" for naive runs.
     */
    static String actionOf(RunView run) {
        if (run.action() != null) {
            return run.action();
        }
        return "NAIVE".equals(run.mode()) ? "naive" : t("no retrieval");
    }
}

package io.corrigo.server.eval;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/** An evaluation as a standalone HTML page: metric tables, bar charts (inline SVG), confusion matrices, slices. */
public final class HtmlReport {

    private static final String[] COLOURS = {"#1676f3", "#9aa5b1", "#2bb673", "#f39c12"};

    private HtmlReport() {
    }

    public static String render(EvalReport report) {
        StringBuilder h = new StringBuilder();
        h.append("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Corrigo evaluation</title><style>")
                .append("body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;color:#1a1a1a;padding:0 1rem}")
                .append("table{border-collapse:collapse;margin:.5rem 0 1.5rem}td,th{border:1px solid #d8dde3;padding:.3rem .6rem;text-align:right}")
                .append("th:first-child,td:first-child{text-align:left}th{background:#f3f5f7}.pos{color:#137a43}.neg{color:#b3261e}")
                .append("h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}.note{color:#5f6b7a}</style></head><body>");
        h.append("<h1>Corrigo evaluation</h1><p class=\"note\">Tenant <b>").append(esc(report.tenant())).append("</b> · ")
                .append(report.questions()).append(" questions · ")
                .append(DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(report.createdAt().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC)))
                .append(" UTC. Metrics as defined in the Corrigo benchmark: route accuracy (kb: CORRECT 1, AMBIGUOUS 0.5; "
                        + "web: INCORRECT/AMBIGUOUS 1; none: abstention 1), abstention recall, false abstention, context "
                        + "precision/recall of the refined context, answer containment (covidqa) and token F1.</p>");

        report.pipelines().stream().filter(p -> p.overall().degraded() > 0).forEach(p -> h.append("<p class=\"neg\"><b>")
                .append(esc(p.name())).append(": ").append(p.overall().degraded()).append(" of ").append(p.overall().questions())
                .append(" runs degraded</b> (a plugin failed, timed out or was refused: see each run's notices in "
                        + "runs.jsonl). Its figures, marked *, measure those failures as much as the pipeline.</p>"));
        h.append("<h2>Overall</h2><table><tr><th>metric</th>");
        report.pipelines().forEach(p -> h.append("<th>").append(esc(p.name())).append("</th>"));
        if (!report.differences().isEmpty()) {
            h.append("<th>difference (first − naive)</th>");
        }
        h.append("</tr>");
        for (String[] metric : METRICS) {
            h.append("<tr><td>").append(metric[1]).append("</td>");
            report.pipelines().forEach(p -> h.append("<td>").append(format(value(p.overall(), metric[0]), metric[0]))
                    .append(p.overall().degraded() > 0 ? "*" : "").append("</td>"));
            if (!report.differences().isEmpty()) {
                Double d = report.differences().get(metric[0]);
                h.append("<td>").append(d == null ? "" : signed(d, metric[0])).append("</td>");
            }
            h.append("</tr>");
        }
        h.append("<tr><td>degraded runs</td>");
        report.pipelines().forEach(p -> h.append("<td>").append(p.overall().degraded()).append("</td>"));
        h.append(report.differences().isEmpty() ? "" : "<td></td>").append("</tr></table>");
        h.append(bars(report));
        h.append(risk(report));

        for (EvalReport.PipelineResult p : report.pipelines()) {
            h.append("<h2>").append(esc(p.name())).append(": confusion (gold route × outcome)</h2><table><tr><th>gold</th>");
            TreeSet<String> outcomes = new TreeSet<>();
            p.confusion().values().forEach(m -> outcomes.addAll(m.keySet()));
            outcomes.forEach(o -> h.append("<th>").append(esc(o)).append("</th>"));
            h.append("</tr>");
            p.confusion().forEach((gold, counts) -> {
                h.append("<tr><td>").append(esc(gold)).append("</td>");
                outcomes.forEach(o -> h.append("<td>").append(counts.getOrDefault(o, 0)).append("</td>"));
                h.append("</tr>");
            });
            h.append("</table><h2>").append(esc(p.name())).append(": slices").append(p.name().equals("naive") ? ""
                    : " (in brackets: minus naive)").append("</h2><table><tr><th>slice</th>");
            for (String[] metric : METRICS) {
                h.append("<th>").append(metric[1]).append("</th>");
            }
            h.append("</tr>");
            // beside each slice's figure, its difference to the naive baseline's figure on the same slice
            EvalReport.PipelineResult naive = p.name().equals("naive") ? null : report.pipelines().stream()
                    .filter(other -> other.name().equals("naive")).findFirst().orElse(null);
            p.slices().forEach((slice, m) -> {
                h.append("<tr><td>").append(esc(slice)).append(" (").append(m.questions()).append(")</td>");
                EvalReport.Metrics base = naive == null ? null : naive.slices().get(slice);
                for (String[] metric : METRICS) {
                    double v = value(m, metric[0]);
                    h.append("<td>").append(format(v, metric[0]));
                    double d = base == null ? Double.NaN : v - value(base, metric[0]);
                    if (!Double.isNaN(d)) {
                        h.append(" <small>(").append(signed(d, metric[0])).append(")</small>");
                    }
                    h.append("</td>");
                }
                h.append("</tr>");
            });
            h.append("</table><h2>").append(esc(p.name())).append(": latency per stage</h2><table><tr><th>stage</th><th>p50</th><th>p95</th></tr>");
            p.stageLatency().forEach((stage, pct) -> h.append("<tr><td>").append(esc(stage.toLowerCase(Locale.ROOT)))
                    .append("</td><td>").append(ms(pct[0])).append("</td><td>").append(ms(pct[1])).append("</td></tr>"));
            h.append("</table>");
        }
        return h.append("</body></html>").toString();
    }

    /**
     * The confident errors: per pipeline, the four outcomes of the questions with a known answer (or none), the
     * risk–coverage curve over the answers' confidence and its area, and the reliability of the confidence.
     */
    static String risk(EvalReport report) {
        List<EvalReport.PipelineResult> with = report.pipelines().stream().filter(p -> p.overall().risk() != null).toList();
        if (with.isEmpty()) {
            return "";
        }
        StringBuilder h = new StringBuilder("<h2>Confident errors</h2><p class=\"note\">Of the questions with a short "
                + "reference answer or none: served and right, abstained rightly, <b>served wrong</b> (a wrong lead, a "
                + "non-answer, an answer to an unanswerable question) and abstained wrongly. The risk–coverage curve serves "
                + "only answers at or above a confidence: the share answered against the share of those that are wrong; "
                + "its area (lower is better) says how well the confidence puts wrong answers last.</p>"
                + "<table><tr><th>pipeline</th><th>questions</th><th>answered right</th><th>abstained rightly</th>"
                + "<th>served wrong</th><th>abstained wrongly</th><th>risk–coverage area</th><th>calibration error</th></tr>");
        for (EvalReport.PipelineResult p : with) {
            EvalReport.Risk r = p.overall().risk();
            h.append("<tr><td>").append(esc(p.name())).append("</td><td>").append(r.questions()).append("</td>");
            for (double v : new double[] {r.answeredRight(), r.abstainedRightly(), r.servedWrong(), r.abstainedWrongly(),
                    r.area(), r.calibrationError()}) {
                h.append("<td>").append(format(v, "share")).append("</td>");
            }
            h.append("</tr>");
        }
        h.append("</table>").append(curve(with));
        for (EvalReport.PipelineResult p : with) {
            h.append("<h2>").append(esc(p.name())).append(": reliability of the confidence</h2>")
                    .append("<table aria-label=\"reliability diagram\"><tr><th>confidence</th><th>answers</th>"
                            + "<th>mean confidence</th><th>right</th><th></th></tr>");
            for (EvalReport.ReliabilityBin b : p.overall().risk().reliability()) {
                h.append("<tr><td>").append(String.format(Locale.ROOT, "%.1f–%.1f", b.from(), b.to())).append("</td><td>")
                        .append(b.answers()).append("</td><td>").append(format(b.meanScore(), "share")).append("</td><td>")
                        .append(format(b.rightShare(), "share")).append("</td><td><svg width=\"120\" height=\"10\" "
                                + "aria-hidden=\"true\"><rect width=\"").append(String.format(Locale.ROOT, "%.1f",
                                120 * b.rightShare())).append("\" height=\"10\" fill=\"#2bb673\"/><line x1=\"")
                        .append(String.format(Locale.ROOT, "%.1f", 120 * b.meanScore())).append("\" x2=\"")
                        .append(String.format(Locale.ROOT, "%.1f", 120 * b.meanScore()))
                        .append("\" y1=\"0\" y2=\"10\" stroke=\"#1a1a1a\"/></svg></td></tr>");
            }
            h.append("</table>");
        }
        return h.toString();
    }

    /** The risk–coverage curves, coverage along, risk up, one line per pipeline. */
    private static String curve(List<EvalReport.PipelineResult> pipelines) {
        int w = 360;
        int ht = 200;
        StringBuilder svg = new StringBuilder("<svg role=\"img\" aria-label=\"risk-coverage curve\" width=\"")
                .append(w + 60).append("\" height=\"").append(ht + 40).append("\" xmlns=\"http://www.w3.org/2000/svg\" "
                        + "font-size=\"11\"><rect x=\"40\" y=\"0\" width=\"").append(w).append("\" height=\"")
                .append(ht).append("\" fill=\"none\" stroke=\"#d8dde3\"/><text x=\"40\" y=\"").append(ht + 14)
                .append("\">0</text><text x=\"").append(w + 30).append("\" y=\"").append(ht + 14)
                .append("\">1</text><text x=\"").append(40 + w / 2 - 40).append("\" y=\"").append(ht + 30)
                .append("\">share answered</text><text x=\"0\" y=\"10\">risk 1</text><text x=\"0\" y=\"")
                .append(ht).append("\">0</text>");
        for (int i = 0; i < pipelines.size(); i++) {
            StringBuilder points = new StringBuilder();
            for (EvalReport.CurvePoint c : pipelines.get(i).overall().risk().curve()) {
                if (!Double.isNaN(c.risk())) {
                    points.append(String.format(Locale.ROOT, "%.1f,%.1f ", 40 + c.coverage() * w, ht - c.risk() * ht));
                }
            }
            svg.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"").append(COLOURS[i % COLOURS.length])
                    .append("\" points=\"").append(points.toString().strip()).append("\"><title>")
                    .append(esc(pipelines.get(i).name())).append("</title></polyline>");
        }
        return svg.append("</svg>").toString();
    }

    /** Metric field and label, in table order. */
    static final String[][] METRICS = {
            {"routeAccuracy", "route accuracy"}, {"abstentionRecall", "abstention recall"},
            {"falseAbstention", "false abstention"}, {"contextPrecision", "context precision"},
            {"contextRecall", "context recall"}, {"containment", "answer containment"}, {"tokenF1", "token F1"},
            {"faithfulness", "faithfulness"}, {"answerRelevancy", "answer relevancy"},
            {"latencyP50", "latency p50"}, {"latencyP95", "latency p95"}};

    static double value(EvalReport.Metrics m, String metric) {
        return switch (metric) {
            case "routeAccuracy" -> m.routeAccuracy();
            case "abstentionRecall" -> m.abstentionRecall();
            case "falseAbstention" -> m.falseAbstention();
            case "contextPrecision" -> m.contextPrecision();
            case "contextRecall" -> m.contextRecall();
            case "containment" -> m.containment();
            case "tokenF1" -> m.tokenF1();
            case "faithfulness" -> m.faithfulness();
            case "answerRelevancy" -> m.answerRelevancy();
            case "latencyP50" -> m.latencyP50();
            case "latencyP95" -> m.latencyP95();
            default -> throw new IllegalArgumentException(metric);
        };
    }

    /** Horizontal bars for the [0, 1] metrics, one bar per pipeline. */
    private static String bars(EvalReport report) {
        List<String[]> unit = List.of(METRICS).subList(0, 9);
        int rowHeight = 14 * report.pipelines().size() + 10;
        int height = unit.size() * rowHeight + 30;
        StringBuilder svg = new StringBuilder("<svg role=\"img\" aria-label=\"metrics per pipeline\" width=\"720\" height=\"")
                .append(height).append("\" xmlns=\"http://www.w3.org/2000/svg\" font-size=\"12\">");
        for (int i = 0; i < unit.size(); i++) {
            int y = i * rowHeight + 10;
            svg.append("<text x=\"0\" y=\"").append(y + 11).append("\">").append(unit.get(i)[1]).append("</text>");
            for (int p = 0; p < report.pipelines().size(); p++) {
                double v = value(report.pipelines().get(p).overall(), unit.get(i)[0]);
                double width = Double.isNaN(v) ? 0 : Math.max(0, Math.min(1, v)) * 440;
                svg.append("<rect x=\"160\" y=\"").append(y + p * 14).append("\" width=\"").append(String.format(Locale.ROOT, "%.1f", width))
                        .append("\" height=\"12\" fill=\"").append(COLOURS[p % COLOURS.length]).append("\"/>")
                        .append("<text x=\"").append(String.format(Locale.ROOT, "%.1f", 166 + width)).append("\" y=\"").append(y + p * 14 + 10)
                        .append("\">").append(format(v, unit.get(i)[0])).append("</text>");
            }
        }
        int legendY = height - 8;
        for (int p = 0; p < report.pipelines().size(); p++) {
            svg.append("<rect x=\"").append(160 + p * 140).append("\" y=\"").append(legendY - 10).append("\" width=\"12\" height=\"12\" fill=\"")
                    .append(COLOURS[p % COLOURS.length]).append("\"/><text x=\"").append(176 + p * 140).append("\" y=\"").append(legendY)
                    .append("\">").append(esc(report.pipelines().get(p).name())).append("</text>");
        }
        return svg.append("</svg>").toString();
    }

    private static String format(double v, String metric) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        return metric.startsWith("latency") ? ms(v) : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String signed(double v, String metric) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        boolean better = metric.startsWith("latency") || metric.equals("falseAbstention") ? v < 0 : v > 0;
        String text = metric.startsWith("latency") ? String.format(Locale.ROOT, "%+.1f ms", v) : String.format(Locale.ROOT, "%+.3f", v);
        return "<span class=\"" + (v == 0 ? "" : better ? "pos" : "neg") + "\">" + text + "</span>";
    }

    private static String ms(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.1f ms", v);
    }

    static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}

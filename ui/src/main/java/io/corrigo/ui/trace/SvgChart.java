package io.corrigo.ui.trace;

import com.vaadin.flow.component.Html;
import java.util.List;
import java.util.Locale;

/**
 * Small charts drawn as inline SVG on the server: stacked bars (counts per bucket and series) and lines (values
 * per bucket). Needs no charting library and no frontend build; each chart has a title and a legend for screen
 * readers and eyes alike.
 */
public final class SvgChart {

    private static final int W = 640;
    private static final int H = 220;
    private static final int LEFT = 48;
    private static final int BOTTOM = 36;
    private static final int TOP = 28;

    private SvgChart() {
    }

    /** One series: its name, colour (CSS) and a value per bucket. */
    public record Series(String name, String color, double[] values) {
    }

    /** Stacked bars: {@code series} values per bucket summed into one bar. */
    public static Html stackedBars(String id, String title, List<String> buckets, List<Series> series) {
        double max = 1;
        for (int b = 0; b < buckets.size(); b++) {
            double sum = 0;
            for (Series s : series) {
                sum += s.values()[b];
            }
            max = Math.max(max, sum);
        }
        max = niceMax(max, series.stream().allMatch(s -> java.util.Arrays.stream(s.values()).allMatch(v -> v == Math.rint(v))));
        StringBuilder svg = open(id, title);
        axes(svg, max, "");
        double slot = (double) (W - LEFT - 8) / Math.max(1, buckets.size());
        double bar = Math.max(2, Math.min(48, slot * 0.7));
        for (int b = 0; b < buckets.size(); b++) {
            double x = LEFT + b * slot + (slot - bar) / 2;
            double y = H - BOTTOM;
            for (Series s : series) {
                double h = s.values()[b] / max * (H - BOTTOM - TOP);
                if (h > 0) {
                    y -= h;
                    svg.append(String.format(Locale.ROOT,
                            "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' fill='%s'><title>%s %s: %s</title></rect>",
                            x, y, bar, h, s.color(), esc(buckets.get(b)), esc(s.name()), number(s.values()[b])));
                }
            }
        }
        labels(svg, buckets, slot);
        legend(svg, series);
        return close(svg);
    }

    /** Lines: each series a polyline over the buckets ({@code NaN} = no value in that bucket). */
    public static Html lines(String id, String title, String unit, List<String> buckets, List<Series> series) {
        double max = 1;
        for (Series s : series) {
            for (double v : s.values()) {
                if (!Double.isNaN(v)) {
                    max = Math.max(max, v);
                }
            }
        }
        max = niceMax(max, false);
        StringBuilder svg = open(id, title);
        axes(svg, max, unit);
        double slot = (double) (W - LEFT - 8) / Math.max(1, buckets.size());
        for (Series s : series) {
            StringBuilder points = new StringBuilder();
            for (int b = 0; b < buckets.size(); b++) {
                double v = s.values()[b];
                if (Double.isNaN(v)) {
                    continue;
                }
                double x = LEFT + b * slot + slot / 2;
                double y = H - BOTTOM - v / max * (H - BOTTOM - TOP);
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                svg.append(String.format(Locale.ROOT, "<circle cx='%.1f' cy='%.1f' r='3' fill='%s'><title>%s %s: %s %s</title></circle>",
                        x, y, s.color(), esc(buckets.get(b)), esc(s.name()), number(v), unit));
            }
            svg.append("<polyline fill='none' stroke-width='2' stroke='").append(s.color()).append("' points='")
                    .append(points.toString().trim()).append("'/>");
        }
        labels(svg, buckets, slot);
        legend(svg, series);
        return close(svg);
    }

    private static StringBuilder open(String id, String title) {
        StringBuilder svg = new StringBuilder();
        svg.append("<div id='").append(esc(id)).append("' class='chart' style='width:100%;max-width:").append(W).append("px'>")
                .append("<svg role='img' aria-label='").append(esc(title)).append("' viewBox='0 0 ").append(W).append(' ')
                .append(H).append("' width='100%' style='font:11px sans-serif'>")
                .append("<text x='").append(LEFT).append("' y='14' font-weight='bold' fill='currentColor'>")
                .append(esc(title)).append("</text>");
        return svg;
    }

    private static void axes(StringBuilder svg, double max, String unit) {
        for (int i = 0; i <= 4; i++) {
            double v = max * i / 4;
            double y = H - BOTTOM - (H - BOTTOM - TOP) * i / 4.0;
            svg.append(String.format(Locale.ROOT,
                    "<line x1='%d' x2='%d' y1='%.1f' y2='%.1f' stroke='#8883'/><text x='%d' y='%.1f' text-anchor='end' fill='#888'>%s</text>",
                    LEFT, W - 8, y, y, LEFT - 4, y + 4, number(v) + (i == 4 && !unit.isEmpty() ? " " + unit : "")));
        }
    }

    private static void labels(StringBuilder svg, List<String> buckets, double slot) {
        int every = Math.max(1, (int) Math.ceil(buckets.size() / 8.0));
        for (int b = 0; b < buckets.size(); b += every) {
            svg.append(String.format(Locale.ROOT, "<text x='%.1f' y='%d' text-anchor='middle' fill='#888'>%s</text>",
                    LEFT + b * slot + slot / 2, H - BOTTOM + 14, esc(buckets.get(b))));
        }
    }

    private static void legend(StringBuilder svg, List<Series> series) {
        int x = LEFT;
        for (Series s : series) {
            svg.append(String.format(Locale.ROOT,
                    "<rect x='%d' y='%d' width='10' height='10' fill='%s'/><text x='%d' y='%d' fill='currentColor'>%s</text>",
                    x, H - 12, s.color(), x + 14, H - 3, esc(s.name())));
            x += 24 + 7 * s.name().length();
        }
    }

    private static Html close(StringBuilder svg) {
        return new Html(svg.append("</svg></div>").toString());
    }

    /**
     * The top of an axis with four ticks at or above {@code max}: each tick a round step (1, 2, 2.5 or 5 times a power
     * of ten; for counts whole numbers, any of them up to 10), so the ticks read 0, 2.5, 5, 7.5, 10 and not 0, 2.9, 5.7, 8.6; a share
     * that reaches 1 ends at 1.
     */
    static double niceMax(double max, boolean counts) {
        double raw = Math.max(max, counts ? 4 : 1e-9) / 4;
        if (counts && raw <= 10) {
            return Math.ceil(raw - 1e-9) * 4; // a few runs: every whole number may be a step
        }
        double power = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double nice : new double[] {1, 2, 2.5, 5, 10}) {
            double step = nice * power;
            if (step >= raw * (1 - 1e-9) && (!counts || step == Math.rint(step))) {
                return step * 4;
            }
        }
        return 10 * power * 4;
    }

    static String number(double v) {
        if (v == Math.rint(v)) {
            return Long.toString((long) v);
        }
        return Math.abs(v * 10 - Math.rint(v * 10)) < 1e-9 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.2f", v);
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#39;").replace("\"", "&quot;");
    }
}

package io.corrigo.server.health;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a health metric calls for attention: {@code warn} and {@code alert} thresholds, crossed downwards for a metric
 * where more is better ({@code higherIsBetter}), upwards otherwise.
 *
 * @param metric         the metric's name in the health figures ({@code correctShare}, {@code fallbackRate}, ...)
 * @param higherIsBetter whether the metric should stay above its thresholds
 * @param warn           the threshold past which it warns
 * @param alert          the threshold past which it alerts
 * @param meaning        what crossing it means, and where to look
 */
public record HealthBand(String metric, boolean higherIsBetter, double warn, double alert, String meaning) {

    /** The state of a value against its band. */
    public enum Level { OK, WARN, ALERT, NO_DATA }

    /** {@code value}'s level; {@link Level#NO_DATA} for {@code null}. */
    public Level level(Double value) {
        if (value == null || value.isNaN()) {
            return Level.NO_DATA;
        }
        if (higherIsBetter) {
            return value < alert ? Level.ALERT : value < warn ? Level.WARN : Level.OK;
        }
        return value > alert ? Level.ALERT : value > warn ? Level.WARN : Level.OK;
    }

    /** This band with other thresholds. */
    public HealthBand with(double newWarn, double newAlert) {
        return new HealthBand(metric, higherIsBetter, newWarn, newAlert, meaning);
    }

    /** What is wrong with the thresholds (an alert threshold on the good side of the warning one), or {@code null}. */
    public String problem() {
        if (Double.isNaN(warn) || Double.isNaN(alert)) {
            return metric + ": thresholds must be numbers";
        }
        if (higherIsBetter ? alert > warn : alert < warn) {
            return metric + ": the alert threshold " + alert + " must be " + (higherIsBetter ? "at most" : "at least")
                    + " the warning threshold " + warn;
        }
        return null;
    }

    /**
     * The defaults, after the health metrics a corrective pipeline is watched by: how much of what is asked the
     * knowledge base answers (CORRECT share, fallback and abstention rates), whether answers are supported and
     * useful, whether users find them helpful, whether plugins fail, and how long answers take.
     */
    public static final List<HealthBand> DEFAULTS = List.of(
            new HealthBand("correctShare", true, 0.50, 0.30, "Share of runs whose retrieval was graded CORRECT. Low: "
                    + "the knowledge base does not hold what users ask (see the unanswered questions), or the "
                    + "thresholds are too strict (calibrate them)."),
            new HealthBand("fallbackRate", false, 0.30, 0.50, "Share of runs that searched the web fallback. High: "
                    + "questions outside the knowledge base, or retrieval that misses; web answers cost more and are "
                    + "less trusted."),
            new HealthBand("abstainRate", false, 0.20, 0.35, "Share of runs that abstained. High: users get no "
                    + "answer; add knowledge for the top unanswered questions."),
            new HealthBand("degradedRate", false, 0.01, 0.05, "Share of runs a failing plugin or search provider "
                    + "degraded. High: look at Resilience and the runs' notices."),
            new HealthBand("meanSupport", true, 0.80, 0.60, "Mean share of an answer's sentences the critic found "
                    + "supported by the context. Low: answers say more than the sources do."),
            new HealthBand("meanUsefulness", true, 4.0, 3.0, "Mean usefulness (1–5) the critic gave the answers. Low: "
                    + "answers are supported but do not answer the question."),
            new HealthBand("helpfulRate", true, 0.70, 0.50, "Share of rated answers users marked helpful. Low: read "
                    + "the not-helpful runs and their traces."),
            new HealthBand("p95Millis", false, 2000, 5000, "95th percentile of the time to answer (ms). High: see the "
                    + "time per stage in slow runs' traces."));

    /** The defaults by metric name. */
    static Map<String, HealthBand> defaults() {
        Map<String, HealthBand> byMetric = new LinkedHashMap<>();
        DEFAULTS.forEach(b -> byMetric.put(b.metric(), b));
        return byMetric;
    }
}

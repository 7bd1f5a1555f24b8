package io.corrigo.server.resilience;

import io.corrigo.api.config.ConfigProblem;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.InvalidConfigException;
import io.corrigo.api.config.PluginConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a pipeline's search calls are protected. Every field has a default; a stored pipeline without this block
 * gets {@link #DEFAULTS}.
 *
 * @param timeoutMillis         the whole budget of one search, retries included (50–60000)
 * @param maxAttempts           attempts for transient failures (5xx, connection reset), 1 = no retry (1–5)
 * @param backoffMillis         first backoff; doubles per attempt, ±50 % jitter (0–10000)
 * @param failureRatePercent    breaker opens at this failure rate over the window (1–100)
 * @param slowCallMillis        a call slower than this counts as slow (1–60000)
 * @param slowCallRatePercent   breaker opens at this rate of slow calls (1–100)
 * @param windowSize            calls in the breaker's sliding window (1–1000)
 * @param minimumCalls          calls before the breaker judges at all (1–1000)
 * @param openMillis            how long the breaker stays open before trying again (100–3600000)
 * @param halfOpenCalls         trial calls when half-open (1–100)
 * @param maxConcurrentCalls    bulkhead: concurrent calls per tenant and provider (1–1000)
 * @param callsPerSecond        rate limit per tenant and provider (1–10000)
 */
public record ResilienceSettings(int timeoutMillis, int maxAttempts, int backoffMillis, int failureRatePercent,
                                 int slowCallMillis, int slowCallRatePercent, int windowSize, int minimumCalls,
                                 int openMillis, int halfOpenCalls, int maxConcurrentCalls, int callsPerSecond) {

    /** Every setting's name, label, help and bounds (the one place they are written); defaults come with a set. */
    private static final List<ConfigProperty> SHAPE = List.of(
            setting("timeoutMillis", "Timeout (ms)", 50, 60_000, "The whole budget of one call, retries included."),
            setting("maxAttempts", "Attempts", 1, 5, "Attempts for transient failures (5xx, connection reset); 1 = no retry."),
            setting("backoffMillis", "Backoff (ms)", 0, 10_000, "First backoff; doubles per attempt, ±50 % jitter."),
            setting("failureRatePercent", "Failure rate (%)", 1, 100, "The breaker opens at this failure rate over its window."),
            setting("slowCallMillis", "Slow call (ms)", 1, 60_000, "A call slower than this counts as slow."),
            setting("slowCallRatePercent", "Slow call rate (%)", 1, 100, "The breaker opens at this rate of slow calls."),
            setting("windowSize", "Window size (calls)", 1, 1000, "Calls in the breaker's sliding window."),
            setting("minimumCalls", "Minimum calls", 1, 1000, "Calls before the breaker judges at all."),
            setting("openMillis", "Open for (ms)", 100, 3_600_000, "How long the breaker stays open before trying again."),
            setting("halfOpenCalls", "Half-open calls", 1, 100, "Trial calls when half-open."),
            setting("maxConcurrentCalls", "Concurrent calls", 1, 1000, "Bulkhead: concurrent calls per tenant and provider."),
            setting("callsPerSecond", "Calls per second", 1, 10_000, "Rate limit per tenant and provider."));

    private static ConfigProperty setting(String name, String label, int min, int max, String help) {
        return ConfigProperty.integer(name, label, min).withRange(min, max).withDescription(help);
    }

    public static final ResilienceSettings DEFAULTS =
            new ResilienceSettings(3000, 2, 200, 50, 2000, 80, 20, 5, 30_000, 2, 16, 20);

    /**
     * For model calls: a generation may take tens of seconds (30 s budget, slow beyond 20 s), one retry of a
     * transient failure, and room for a pipeline's parallel grading (64 concurrent calls, 200 calls/s).
     */
    public static final ResilienceSettings MODEL_DEFAULTS =
            new ResilienceSettings(30_000, 2, 500, 50, 20_000, 80, 20, 5, 30_000, 2, 64, 200);

    /**
     * For plugins that compute in the host process ({@code PluginFactory#inProcess()}): one attempt within
     * {@code timeoutMillis}, a breaker over 20 calls that opens at 50 % failures, no practical bulkhead or rate limit.
     */
    public static ResilienceSettings inProcess(int timeoutMillis) {
        return new ResilienceSettings(timeoutMillis, 1, 0, 50, timeoutMillis, 100, 20, 10, 30_000, 2, 1000, 10_000);
    }

    public ResilienceSettings {
        List<String> problems = new ArrayList<>();
        Map<String, String> values = values(timeoutMillis, maxAttempts, backoffMillis, failureRatePercent, slowCallMillis,
                slowCallRatePercent, windowSize, minimumCalls, openMillis, halfOpenCalls, maxConcurrentCalls, callsPerSecond);
        for (ConfigProperty p : SHAPE) {
            String problem = p.problem(values.get(p.name()));
            if (problem != null) {
                problems.add("resilience." + p.name() + ": " + problem);
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
    }

    /** The settings described as data, their defaults those of {@code defaults} ({@link #DEFAULTS}, {@link #MODEL_DEFAULTS}). */
    public static List<ConfigProperty> properties(ResilienceSettings defaults) {
        Map<String, String> values = defaults.values();
        return SHAPE.stream().map(p -> new ConfigProperty(p.name(), p.label(), p.description(), p.type(),
                values.get(p.name()), p.min(), p.max(), false, false)).toList();
    }

    /** The values by property name, as text. */
    public Map<String, String> values() {
        return values(timeoutMillis, maxAttempts, backoffMillis, failureRatePercent, slowCallMillis, slowCallRatePercent,
                windowSize, minimumCalls, openMillis, halfOpenCalls, maxConcurrentCalls, callsPerSecond);
    }

    private static Map<String, String> values(int... numbers) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < numbers.length; i++) {
            values.put(SHAPE.get(i).name(), Integer.toString(numbers[i]));
        }
        return values;
    }

    /**
     * Settings from {@link #values()}-style text; a missing value takes its default from {@code defaults}.
     *
     * @throws InvalidConfigException one {@link ConfigProblem} per wrong setting, its path the property's name
     */
    public static ResilienceSettings from(Map<String, String> values, ResilienceSettings defaults) {
        PluginConfig c = PluginConfig.resolve(properties(defaults), values);
        int[] n = SHAPE.stream().mapToInt(p -> (int) c.integer(p.name())).toArray();
        return new ResilienceSettings(n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7], n[8], n[9], n[10], n[11]);
    }
}

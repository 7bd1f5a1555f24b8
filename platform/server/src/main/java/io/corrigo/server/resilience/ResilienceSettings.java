package io.corrigo.server.resilience;

import java.util.ArrayList;
import java.util.List;

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
        check("timeoutMillis", timeoutMillis, 50, 60_000, problems);
        check("maxAttempts", maxAttempts, 1, 5, problems);
        check("backoffMillis", backoffMillis, 0, 10_000, problems);
        check("failureRatePercent", failureRatePercent, 1, 100, problems);
        check("slowCallMillis", slowCallMillis, 1, 60_000, problems);
        check("slowCallRatePercent", slowCallRatePercent, 1, 100, problems);
        check("windowSize", windowSize, 1, 1000, problems);
        check("minimumCalls", minimumCalls, 1, 1000, problems);
        check("openMillis", openMillis, 100, 3_600_000, problems);
        check("halfOpenCalls", halfOpenCalls, 1, 100, problems);
        check("maxConcurrentCalls", maxConcurrentCalls, 1, 1000, problems);
        check("callsPerSecond", callsPerSecond, 1, 10_000, problems);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
    }

    private static void check(String name, int value, int min, int max, List<String> problems) {
        if (value < min || value > max) {
            problems.add("resilience." + name + ": must be between " + min + " and " + max + ", was " + value);
        }
    }
}

package io.corrigo.server.resilience;

import java.time.Instant;
import java.util.List;

/**
 * The state of one tenant × provider guard, for the API and the admin UI.
 *
 * @param name             the instance name, {@code websearch-<tenant>-<provider>}
 * @param tenant           the tenant
 * @param provider         the search provider's factory id
 * @param state            CLOSED, OPEN, HALF_OPEN, ...
 * @param failureRate      failure rate in % over the window, or -1 before enough calls
 * @param slowCallRate     slow-call rate in %, or -1
 * @param bufferedCalls    calls in the window
 * @param failedCalls      failed calls in the window
 * @param notPermittedCalls calls rejected while open
 * @param availableConcurrentCalls free bulkhead places
 * @param rateLimitedUntil when the provider's Retry-After ends, or {@code null}
 * @param recentFailures   the latest failures, newest first
 */
public record GuardStatus(String name, String tenant, String provider, String state, float failureRate,
                          float slowCallRate, int bufferedCalls, int failedCalls, long notPermittedCalls,
                          int availableConcurrentCalls, Instant rateLimitedUntil, List<Failure> recentFailures) {

    /** A failure and when it happened. */
    public record Failure(Instant at, String message) {
    }
}

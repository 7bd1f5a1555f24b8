package io.corrigo.server.resilience;

import io.corrigo.api.Passage;
import io.corrigo.api.SearchException;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchRequest;
import io.github.resilience4j.core.IntervalFunction;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A search provider behind its tenant's guard. One search, under one deadline ({@code timeoutMillis}):
 * <ol>
 *   <li>a provider's Retry-After still running, or the rate limit reached: fail at once;</li>
 *   <li>the circuit breaker open: fail at once;</li>
 *   <li>the bulkhead full: fail at once;</li>
 *   <li>call the plugin on a search thread and wait at most until the deadline; a timeout cancels the call
 *       (interrupting its thread) and counts as a breaker failure;</li>
 *   <li>a transient failure (5xx, connection trouble) is retried after a jittered exponential backoff, if attempts
 *       and the remaining budget allow; a 429 records the provider's Retry-After and is not retried.</li>
 * </ol>
 * Every way of giving up throws {@link SearchUnavailableException} with a reason for the trace.
 */
final class GuardedSearchProvider implements SearchProvider {

    private static final Duration DEFAULT_RETRY_AFTER = Duration.ofSeconds(1);

    private final SearchProvider delegate;
    private final Guard guard;
    private final ExecutorService calls;
    private final Clock clock;
    private final MeterRegistry meters;
    private final IntervalFunction backoff;

    GuardedSearchProvider(SearchProvider delegate, Guard guard, ExecutorService calls, Clock clock, MeterRegistry meters) {
        this.delegate = delegate;
        this.guard = guard;
        this.calls = calls;
        this.clock = clock;
        this.meters = meters;
        int first = guard.settings().backoffMillis();
        this.backoff = first > 0 ? IntervalFunction.ofExponentialRandomBackoff(first, 2.0, 0.5) : null;
    }

    @Override
    public List<Passage> search(SearchRequest request) {
        ResilienceSettings s = guard.settings();
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(s.timeoutMillis());
        try {
            List<Passage> result = attempt(request, deadline);
            record("success", start);
            return result;
        } catch (SearchUnavailableException e) {
            guard.failed(clock.instant(), e.getMessage());
            record("failure", start);
            throw e;
        }
    }

    private List<Passage> attempt(SearchRequest request, long deadline) {
        for (int attempt = 1; ; attempt++) {
            Instant blocked = guard.rateLimitedUntil();
            if (blocked != null && clock.instant().isBefore(blocked)) {
                throw unavailable("the provider asked to wait until " + blocked + " (HTTP 429)", null);
            }
            if (!guard.breaker().tryAcquirePermission()) {
                throw unavailable("circuit breaker " + guard.breaker().getState() + ": failing fast", null);
            }
            if (!guard.rateLimiter().acquirePermission()) {
                guard.breaker().releasePermission();
                throw unavailable("over the rate limit of " + guard.settings().callsPerSecond() + " searches/s", null);
            }
            if (!guard.bulkhead().tryAcquirePermission()) {
                guard.breaker().releasePermission();
                throw unavailable(guard.settings().maxConcurrentCalls() + " searches already running", null);
            }
            long callStart = System.nanoTime();
            Future<List<Passage>> call = calls.submit(() -> delegate.search(request));
            try {
                List<Passage> result = call.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                guard.breaker().onSuccess(System.nanoTime() - callStart, TimeUnit.NANOSECONDS);
                return result;
            } catch (TimeoutException e) {
                call.cancel(true);
                guard.breaker().onError(System.nanoTime() - callStart, TimeUnit.NANOSECONDS, e);
                throw unavailable("timed out after " + guard.settings().timeoutMillis() + " ms", e);
            } catch (InterruptedException e) {
                call.cancel(true);
                guard.breaker().releasePermission();
                Thread.currentThread().interrupt();
                throw unavailable("interrupted", e);
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                long elapsed = System.nanoTime() - callStart;
                if (cause instanceof SearchException se && se.kind() == SearchException.Kind.RATE_LIMITED) {
                    guard.breaker().releasePermission(); // a quota, not an outage: the breaker is not the tool
                    Duration wait = se.retryAfter().orElse(DEFAULT_RETRY_AFTER);
                    guard.rateLimitUntil(clock.instant().plus(wait));
                    throw unavailable("rate limited by the provider (HTTP 429), retry after " + wait.toSeconds() + " s", cause);
                }
                guard.breaker().onError(elapsed, TimeUnit.NANOSECONDS, cause);
                if (isTransient(cause) && attempt < guard.settings().maxAttempts()) {
                    long pause = backoff == null ? 0 : backoff.apply(attempt);
                    if (System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(pause) < deadline && sleep(pause)) {
                        continue;
                    }
                }
                throw unavailable(describe(cause) + (attempt > 1 ? " (after " + attempt + " attempts)" : ""), cause);
            } finally {
                guard.bulkhead().onComplete();
            }
        }
    }

    private static boolean sleep(long millis) {
        try {
            Thread.sleep(millis);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static boolean isTransient(Throwable cause) {
        if (cause instanceof SearchException se) {
            return se.kind() == SearchException.Kind.TRANSIENT;
        }
        return cause instanceof IOException || cause instanceof UncheckedIOException;
    }

    private static String describe(Throwable cause) {
        String message = cause.getMessage();
        return message == null || message.isBlank() ? cause.getClass().getSimpleName() : message;
    }

    private SearchUnavailableException unavailable(String reason, Throwable cause) {
        return new SearchUnavailableException(guard.provider() + ": " + reason, cause);
    }

    private void record(String outcome, long start) {
        meters.timer("corrigo.search.calls", "tenant", guard.tenant(), "provider", guard.provider(), "outcome", outcome)
                .record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    }
}

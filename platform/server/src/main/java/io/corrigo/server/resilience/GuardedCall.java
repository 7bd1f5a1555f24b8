package io.corrigo.server.resilience;

import io.corrigo.api.SearchException;
import io.github.resilience4j.core.IntervalFunction;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;

/**
 * One plugin call behind its tenant's guard, under one deadline ({@code timeoutMillis}):
 * <ol>
 *   <li>a provider's Retry-After still running: fail at once;</li>
 *   <li>the circuit breaker open: fail at once;</li>
 *   <li>the rate limit reached (guards of plugins that leave the process only) or the bulkhead full: wait briefly
 *       for a permit ({@link PluginGuards#permitWait}), then fail;</li>
 *   <li>call the plugin on a call thread and wait at most until the deadline; a timeout cancels the call
 *       (interrupting its thread) and counts as a breaker failure;</li>
 *   <li>a transient failure (5xx, connection trouble) is retried after a jittered exponential backoff, if attempts
 *       and the remaining budget allow; a 429 records the provider's Retry-After and is not retried.</li>
 * </ol>
 * Every way of giving up throws the exception {@code unavailable} makes, with a reason for the trace. Used for web
 * searches ({@link SearchUnavailableException}) and model calls ({@link PluginUnavailableException}) alike.
 *
 * <p>An {@code inline} guard (a shipped plugin the host trusts, computing in this process) runs the call on the
 * caller's own thread instead of a call thread: a run makes dozens of such calls (every passage, every sentence), and
 * handing each to another thread and back cost more than some of the calls. Its deadline is kept by a watchdog that
 * interrupts the caller when it passes; the call then counts as a timeout, as on a call thread. What inline cannot
 * do is abandon a call that ignores the interrupt: that is why only trusted plugins run inline.
 */
final class GuardedCall implements CallGuard {

    private static final Duration DEFAULT_RETRY_AFTER = Duration.ofSeconds(1);

    private final Guard guard;
    private final ExecutorService calls;
    private final Clock clock;
    private final MeterRegistry meters;
    private final String metric;
    private final BiFunction<String, Throwable, PluginUnavailableException> unavailable;
    private final IntervalFunction backoff;
    private final ScheduledExecutorService watchdog;

    GuardedCall(Guard guard, ExecutorService calls, Clock clock, MeterRegistry meters, String metric,
                BiFunction<String, Throwable, PluginUnavailableException> unavailable) {
        this(guard, calls, null, clock, meters, metric, unavailable);
    }

    /** With a {@code watchdog}, calls run inline on the caller's thread; without one, on a thread of {@code calls}. */
    GuardedCall(Guard guard, ExecutorService calls, ScheduledExecutorService watchdog, Clock clock, MeterRegistry meters,
                String metric, BiFunction<String, Throwable, PluginUnavailableException> unavailable) {
        this.watchdog = watchdog;
        this.guard = guard;
        this.calls = calls;
        this.clock = clock;
        this.meters = meters;
        this.metric = metric;
        this.unavailable = unavailable;
        int first = guard.settings().backoffMillis();
        this.backoff = first > 0 ? IntervalFunction.ofExponentialRandomBackoff(first, 2.0, 0.5) : null;
    }

    /** The result of {@code work}, or the exception of {@code unavailable} saying why there is none. */
    @Override
    public <T> T call(Callable<T> work) {
        ResilienceSettings s = guard.settings();
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(s.timeoutMillis());
        try {
            T result = attempt(work, deadline);
            record("success", start);
            return result;
        } catch (PluginUnavailableException e) {
            guard.failed(clock.instant(), e.getMessage());
            record("failure", start);
            throw e;
        }
    }

    private <T> T attempt(Callable<T> work, long deadline) {
        for (int attempt = 1; ; attempt++) {
            Instant blocked = guard.rateLimitedUntil();
            if (blocked != null && clock.instant().isBefore(blocked)) {
                throw unavailable("the provider asked to wait until " + blocked + " (HTTP 429)", null);
            }
            if (!guard.breaker().tryAcquirePermission()) {
                throw unavailable("circuit breaker " + guard.breaker().getState() + ": failing fast", null);
            }
            if (guard.rateLimiter() != null && !guard.rateLimiter().acquirePermission()) {
                guard.breaker().releasePermission();
                throw unavailable("over the rate limit of " + guard.settings().callsPerSecond() + " calls/s", null);
            }
            if (!guard.bulkhead().tryAcquirePermission()) {
                guard.breaker().releasePermission();
                throw unavailable(guard.settings().maxConcurrentCalls() + " calls already running", null);
            }
            long callStart = System.nanoTime();
            Future<T> call = watchdog == null ? calls.submit(work) : null;
            try {
                T result = call != null ? call.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)
                        : inline(work, deadline);
                guard.breaker().onSuccess(System.nanoTime() - callStart, TimeUnit.NANOSECONDS);
                return result;
            } catch (TimeoutException e) {
                if (call != null) {
                    call.cancel(true);
                }
                guard.breaker().onError(System.nanoTime() - callStart, TimeUnit.NANOSECONDS, e);
                throw unavailable("timed out after " + guard.settings().timeoutMillis() + " ms", e);
            } catch (InterruptedException e) {
                if (call != null) {
                    call.cancel(true);
                }
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

    /**
     * {@code work} on this thread, interrupted by the watchdog at {@code deadline}. A call that overran (whether it
     * noticed the interrupt or finished anyway) is a {@link TimeoutException}; the interrupt is cleared, it was ours.
     * Whatever the call throws comes back wrapped in an {@link ExecutionException}, as from a call thread.
     */
    private <T> T inline(Callable<T> work, long deadline) throws TimeoutException, ExecutionException,
            InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        Alarm alarm = new Alarm(Thread.currentThread());
        ScheduledFuture<?> scheduled = watchdog.schedule(alarm::ring, Math.max(0, deadline - System.nanoTime()),
                TimeUnit.NANOSECONDS);
        T result = null;
        Throwable failure = null;
        try {
            result = work.call();
        } catch (Throwable t) { // an Error of a plugin too: contained as on a call thread
            failure = t;
        } finally {
            scheduled.cancel(false);
        }
        if (alarm.silence()) {
            Thread.interrupted();
            throw new TimeoutException();
        }
        if (failure != null) {
            throw new ExecutionException(failure);
        }
        return result;
    }

    /** The watchdog's interrupt of one inline call, never rung after the call has ended. */
    private static final class Alarm {

        private final Thread caller;
        private boolean ended;
        private boolean rung;

        Alarm(Thread caller) {
            this.caller = caller;
        }

        synchronized void ring() {
            if (!ended) {
                rung = true;
                caller.interrupt();
            }
        }

        /** Ends the call; whether the alarm had rung. */
        synchronized boolean silence() {
            ended = true;
            return rung;
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

    private PluginUnavailableException unavailable(String reason, Throwable cause) {
        return unavailable.apply(guard.provider() + ": " + reason, cause);
    }

    private void record(String outcome, long start) {
        meters.timer(metric, "tenant", guard.tenant(), "provider", guard.provider(), "outcome", outcome)
                .record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    }
}

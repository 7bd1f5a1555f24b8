package io.corrigo.server.resilience;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.ratelimiter.RateLimiter;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/** The resilience instances of one tenant × provider, with what they remember. */
final class Guard {

    private static final int RECENT_FAILURES = 10;

    private final String name;
    private final String tenant;
    private final String provider;
    private final ResilienceSettings settings;
    private final CircuitBreaker breaker;
    private final Bulkhead bulkhead;
    private final RateLimiter rateLimiter;
    private final AtomicReference<Instant> rateLimitedUntil = new AtomicReference<>();
    private final Deque<GuardStatus.Failure> failures = new ArrayDeque<>();

    Guard(String name, String tenant, String provider, ResilienceSettings settings, CircuitBreaker breaker,
          Bulkhead bulkhead, RateLimiter rateLimiter) {
        this.name = name;
        this.tenant = tenant;
        this.provider = provider;
        this.settings = settings;
        this.breaker = breaker;
        this.bulkhead = bulkhead;
        this.rateLimiter = rateLimiter;
    }

    String name() {
        return name;
    }

    String tenant() {
        return tenant;
    }

    String provider() {
        return provider;
    }

    ResilienceSettings settings() {
        return settings;
    }

    CircuitBreaker breaker() {
        return breaker;
    }

    Bulkhead bulkhead() {
        return bulkhead;
    }

    RateLimiter rateLimiter() {
        return rateLimiter;
    }

    /** When the provider's Retry-After ends, or {@code null}. */
    Instant rateLimitedUntil() {
        return rateLimitedUntil.get();
    }

    void rateLimitUntil(Instant until) {
        rateLimitedUntil.accumulateAndGet(until, (a, b) -> a == null || b.isAfter(a) ? b : a);
    }

    synchronized void failed(Instant at, String message) {
        failures.addFirst(new GuardStatus.Failure(at, message));
        while (failures.size() > RECENT_FAILURES) {
            failures.removeLast();
        }
    }

    void reset() {
        breaker.reset();
        rateLimitedUntil.set(null);
    }

    synchronized GuardStatus status() {
        CircuitBreaker.Metrics m = breaker.getMetrics();
        return new GuardStatus(name, tenant, provider, breaker.getState().name(), m.getFailureRate(),
                m.getSlowCallRate(), m.getNumberOfBufferedCalls(), m.getNumberOfFailedCalls(),
                m.getNumberOfNotPermittedCalls(), bulkhead.getMetrics().getAvailableConcurrentCalls(),
                rateLimitedUntil.get(), List.copyOf(failures));
    }
}

package io.corrigo.server.resilience;

import io.corrigo.api.SearchProvider;
import io.corrigo.server.DaemonThreads;
import io.corrigo.server.security.TenantAccess;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.micrometer.tagged.TaggedBulkheadMetrics;
import io.github.resilience4j.micrometer.tagged.TaggedCircuitBreakerMetrics;
import io.github.resilience4j.micrometer.tagged.TaggedRateLimiterMetrics;
import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.RateLimiterRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.springframework.stereotype.Service;

/**
 * The resilience instances of every tenant × search provider, named {@code websearch-<tenant>-<provider>}, and of
 * every tenant × other plugin instance (retriever, evaluator, generator, critic, query rewriter), named
 * {@code plugin-<tenant>-<factory>}, in Resilience4j registries that are bound to Micrometer (circuit breaker state, calls, bulkhead and rate limiter
 * gauges under {@code resilience4j.*}). A pipeline version with other resilience settings replaces the instances;
 * one with the same settings keeps them, and with them the breaker's state.
 */
@Service
public class PluginGuards {

    private final CircuitBreakerRegistry breakers = CircuitBreakerRegistry.ofDefaults();
    private final BulkheadRegistry bulkheads = BulkheadRegistry.ofDefaults();
    private final RateLimiterRegistry rateLimiters = RateLimiterRegistry.ofDefaults();
    private final Map<String, Guard> guards = new ConcurrentHashMap<>();
    private final ExecutorService calls;
    private final ScheduledExecutorService watchdog;
    private final MeterRegistry meters;
    private final Clock clock;
    private final TenantAccess access;

    PluginGuards(MeterRegistry meters, Clock clock, TenantAccess access) {
        this.access = access;
        this.meters = meters;
        this.clock = clock;
        this.calls = Executors.newCachedThreadPool(DaemonThreads.named("corrigo-plugin-call"));
        ScheduledThreadPoolExecutor deadlines = new ScheduledThreadPoolExecutor(1, DaemonThreads.named("corrigo-plugin-deadline"));
        deadlines.setRemoveOnCancelPolicy(true); // most calls end in time: their alarms leave the queue at once
        this.watchdog = deadlines;
        TaggedCircuitBreakerMetrics.ofCircuitBreakerRegistry(breakers).bindTo(meters);
        TaggedBulkheadMetrics.ofBulkheadRegistry(bulkheads).bindTo(meters);
        TaggedRateLimiterMetrics.ofRateLimiterRegistry(rateLimiters).bindTo(meters);
    }

    /**
     * {@code delegate} wrapped in the tenant's guard for {@code provider}, created or updated to {@code settings}; an
     * {@code inProcess} provider (a local corpus) keeps its timeout, breaker and bulkhead but has no rate limiter.
     */
    public SearchProvider guard(String tenant, String provider, SearchProvider delegate, ResilienceSettings settings,
                                boolean inProcess) {
        return guard(tenant, provider, delegate, settings, inProcess, false);
    }

    /** As {@link #guard(String, String, SearchProvider, ResilienceSettings, boolean)}, {@code inline} on the caller's thread. */
    public SearchProvider guard(String tenant, String provider, SearchProvider delegate, ResilienceSettings settings,
                                boolean inProcess, boolean inline) {
        Guard guard = guard(name(tenant, provider), tenant, provider, settings, !inProcess);
        return new GuardedSearchProvider(delegate, new GuardedCall(guard, calls, inline ? watchdog : null, clock, meters,
                "corrigo.search.calls", SearchUnavailableException::new));
    }

    /**
     * {@code delegate} with every call behind the tenant's guard for {@code factoryId}, wrapped by {@code wrapping}
     * (its kind's wrapper): a call that throws (errors included), hangs past the timeout or returns {@code null} or a
     * NaN score fails with a {@link PluginUnavailableException} naming the factory, and counts towards that guard's
     * circuit breaker. An {@code inProcess} instance (computing in this JVM, bounded by its timeout and bulkhead) has
     * no rate limiter: a limit there would only refuse work the host can do, and silently empty retrievals under load.
     */
    public <T> T guardModel(String tenant, String factoryId, T delegate, BiFunction<T, CallGuard, T> wrapping,
                            ResilienceSettings settings, boolean inProcess) {
        return guardModel(tenant, factoryId, delegate, wrapping, settings, inProcess, false);
    }

    /**
     * As {@link #guardModel(String, String, Object, BiFunction, ResilienceSettings, boolean)}; an {@code inline}
     * instance (a trusted in-process plugin) is called on the caller's thread, its deadline kept by a watchdog that
     * interrupts the call (see {@link GuardedCall}). Breaker, bulkhead, output checks and metrics are the same.
     */
    public <T> T guardModel(String tenant, String factoryId, T delegate, BiFunction<T, CallGuard, T> wrapping,
                            ResilienceSettings settings, boolean inProcess, boolean inline) {
        Guard guard = guard("plugin-" + tenant + "-" + factoryId, tenant, factoryId, settings, !inProcess);
        return wrapping.apply(delegate, new GuardedCall(guard, calls, inline && inProcess ? watchdog : null, clock, meters,
                "corrigo.model.calls", PluginUnavailableException::new));
    }

    private Guard guard(String name, String tenant, String provider, ResilienceSettings settings, boolean rateLimited) {
        return guards.compute(name, (key, existing) -> existing != null && existing.settings().equals(settings)
                && (existing.rateLimiter() != null) == rateLimited
                ? existing
                : newGuard(name, tenant, provider, settings, rateLimited));
    }

    private Guard newGuard(String name, String tenant, String provider, ResilienceSettings s, boolean rateLimited) {
        breakers.remove(name);
        bulkheads.remove(name);
        rateLimiters.remove(name);
        CircuitBreaker breaker = breakers.circuitBreaker(name, CircuitBreakerConfig.custom()
                .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .slidingWindowSize(s.windowSize())
                .minimumNumberOfCalls(s.minimumCalls())
                .failureRateThreshold(s.failureRatePercent())
                .slowCallRateThreshold(s.slowCallRatePercent())
                .slowCallDurationThreshold(Duration.ofMillis(s.slowCallMillis()))
                .waitDurationInOpenState(Duration.ofMillis(s.openMillis()))
                .permittedNumberOfCallsInHalfOpenState(s.halfOpenCalls())
                .build());
        // a full bulkhead or a spent rate limit is waited out briefly, within the call's budget, before the call gives
        // up: a burst of a few calls over a limit is smoothed, not refused (an answer would degrade for nothing)
        Bulkhead bulkhead = bulkheads.bulkhead(name, BulkheadConfig.custom()
                .maxConcurrentCalls(s.maxConcurrentCalls())
                .maxWaitDuration(permitWait(s))
                .build());
        RateLimiter limiter = !rateLimited ? null : rateLimiters.rateLimiter(name, RateLimiterConfig.custom()
                .limitForPeriod(s.callsPerSecond())
                .limitRefreshPeriod(Duration.ofSeconds(1))
                .timeoutDuration(permitWait(s))
                .build());
        return new Guard(name, tenant, provider, s, breaker, bulkhead, limiter);
    }

    /** How long a call waits for a bulkhead place or a rate permit: a quarter of its budget, at most 250 ms. */
    static Duration permitWait(ResilienceSettings s) {
        return Duration.ofMillis(Math.min(250, s.timeoutMillis() / 4));
    }

    /** Every guard of {@code tenant}, or of all tenants when {@code tenant} is {@code null}; only those within the caller's reach. */
    public List<GuardStatus> status(String tenant) {
        if (tenant != null) {
            access.refuseOutOfReach(tenant);
        }
        return access.withinReach(guards.values().stream()
                .filter(g -> tenant == null || g.tenant().equals(tenant))
                .sorted(Comparator.comparing(Guard::name))
                .map(Guard::status)
                .toList(), GuardStatus::tenant);
    }

    /** Closes the breaker and forgets a provider's Retry-After. @return whether such a guard exists */
    public boolean reset(String tenant, String provider) {
        access.refuseOutOfReach(tenant);
        Optional<Guard> guard = Optional.ofNullable(guards.get(name(tenant, provider)))
                .or(() -> Optional.ofNullable(guards.get("plugin-" + tenant + "-" + provider)));
        guard.ifPresent(Guard::reset);
        return guard.isPresent();
    }

    /** Forgets every guard of {@code tenant} (the tenant is deleted). */
    public void forget(String tenant) {
        guards.values().removeIf(g -> g.tenant().equals(tenant));
    }

    /** Resets every guard (tests start from closed breakers). */
    public void resetAll() {
        guards.values().forEach(Guard::reset);
    }

    static String name(String tenant, String provider) {
        return "websearch-" + tenant + "-" + provider;
    }

    @PreDestroy
    void stop() {
        calls.shutdownNow();
        watchdog.shutdownNow();
    }
}

package io.corrigo.server.access;

import io.corrigo.server.tenant.WidgetSettings;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Sliding-window limits per subject (a key, or a client IP within a tenant): requests per minute and questions per
 * day. The window is estimated from the current and the previous fixed window (the previous one weighted by how
 * much of it still lies inside the sliding window, rounded up), so a burst cannot slip through at a window
 * boundary, and two counters per subject suffice. Only allowed requests count.
 *
 * <p>With {@code corrigo.rate-limits.store=database} (set by the {@code postgres} profile, which several hosts share)
 * the counters live in the database, so a limit holds across hosts: a request is allowed by an atomic conditional
 * increment, and of two hosts racing for the last allowed request one gets it. The default, {@code memory}, keeps them in
 * this host (one host: exact and free; several: each enforces the limit on its own share).
 */
@Component
public class RateLimits {

    /** Allowed requests in the fixed window starting at {@code start} and in the one before it. */
    private record Windows(long start, int current, int previous) {
    }

    private static final long CLEANUP_MILLIS = Duration.ofMinutes(10).toMillis();

    private final WindowCounters counters;
    private final Clock clock;
    private final AtomicLong lastCleanup = new AtomicLong();

    /** Limits counted in this host's memory. */
    RateLimits(Clock clock) {
        this(new MemoryWindowCounters(), clock);
    }

    RateLimits(WindowCounters counters, Clock clock) {
        this.counters = counters;
        this.clock = clock;
    }

    @Autowired
    RateLimits(JdbcTemplate jdbc, Clock clock, @Value("${corrigo.rate-limits.store:memory}") String store) {
        this("database".equalsIgnoreCase(store) ? new JdbcWindowCounters(jdbc) : new MemoryWindowCounters(), clock);
    }

    /**
     * Counts one request of {@code subject} against {@code limit} per {@code period} when it is allowed.
     *
     * @return empty when allowed, else how long until a request would be allowed again (for {@code Retry-After})
     */
    public Optional<Duration> acquire(String subject, Duration period, int limit) {
        long now = clock.millis();
        long periodMillis = period.toMillis();
        long start = now - Math.floorMod(now, periodMillis);
        cleanUp(now);
        String key = subject + "@" + periodMillis;
        WindowCounters.Counts counts = counters.read(key, start, start - periodMillis);
        double elapsed = (double) (now - start) / periodMillis;
        long below = limit - estimate(counts.previous(), elapsed);
        if (counts.current() < below && counters.increment(key, start, below)) {
            return Optional.empty();
        }
        WindowCounters.Counts after = counters.read(key, start, start - periodMillis);
        Windows w = new Windows(start, after.current(), after.previous());
        return Optional.of(Duration.ofMillis(Math.max(1, retryAt(w, start, periodMillis, limit) - now)));
    }

    private void cleanUp(long now) {
        long last = lastCleanup.get();
        if (now - last > CLEANUP_MILLIS && lastCleanup.compareAndSet(last, now)) {
            counters.forgetBefore(now - 2 * Duration.ofDays(1).toMillis());
        }
    }

    /**
     * One request of {@code subject} against a tenant's limits: requests per minute, and for a question also
     * questions per day. @return empty when allowed, else how long to wait
     */
    public Optional<Duration> acquire(String subject, WidgetSettings limits, boolean question) {
        Optional<Duration> wait = acquire(subject, Duration.ofMinutes(1), limits.requestsPerMinute());
        return wait.isPresent() || !question ? wait : acquire(subject, Duration.ofDays(1), limits.queriesPerDay());
    }

    private static long estimate(int previous, double elapsed) {
        return (long) Math.ceil(previous * (1 - elapsed) - 1e-9);
    }

    /** The first moment the estimate leaves room for one more request. */
    private static long retryAt(Windows w, long start, long periodMillis, int limit) {
        if (w.current() < limit) {
            // room once enough of the previous window has slid out: previous * (1 - f) <= limit - 1 - current
            double f = 1 - (double) (limit - 1 - w.current()) / w.previous();
            return start + (long) Math.ceil(f * periodMillis - 1e-6);
        }
        // the current window is full: wait for the next one, and for enough of this one to slide out of it
        double f = 1 - (double) (limit - 1) / w.current();
        return start + periodMillis + (long) Math.ceil(Math.max(0, f) * periodMillis - 1e-6);
    }
}

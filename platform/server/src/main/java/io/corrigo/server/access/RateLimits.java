package io.corrigo.server.access;

import io.corrigo.server.tenant.WidgetSettings;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Sliding-window limits per subject (a key, or a client IP within a tenant): requests per minute and questions per
 * day. The window is estimated from the current and the previous fixed window (the previous one weighted by how
 * much of it still lies inside the sliding window, rounded up), so a burst cannot slip through at a window
 * boundary, and memory stays two counters per subject. Only allowed requests count. Kept in this host's memory:
 * with several hosts each enforces its own share (shared limits: issue 10).
 */
@Component
public class RateLimits {

    private static final int MAX_SUBJECTS = 100_000;

    /** Allowed requests in the fixed window starting at {@code start} and in the one before it. */
    private record Windows(long start, int current, int previous) {

        Windows at(long windowStart, long periodMillis) {
            if (windowStart == start) {
                return this;
            }
            return new Windows(windowStart, 0, windowStart - start == periodMillis ? current : 0);
        }
    }

    private final Map<String, Windows> windows = new ConcurrentHashMap<>();
    private final Clock clock;

    RateLimits(Clock clock) {
        this.clock = clock;
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
        if (windows.size() > MAX_SUBJECTS) {
            windows.entrySet().removeIf(e -> e.getValue().start() < start - periodMillis);
        }
        Duration[] wait = new Duration[1];
        windows.compute(subject + "@" + periodMillis, (k, w) -> {
            Windows current = (w == null ? new Windows(start, 0, 0) : w).at(start, periodMillis);
            double elapsed = (double) (now - start) / periodMillis;
            if (estimate(current.previous(), elapsed) + current.current() < limit) {
                return new Windows(start, current.current() + 1, current.previous());
            }
            wait[0] = Duration.ofMillis(Math.max(1, retryAt(current, start, periodMillis, limit) - now));
            return current;
        });
        return Optional.ofNullable(wait[0]);
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

package io.corrigo.server.access;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Fixed-window limits per subject (a key, or a client IP within a tenant): requests per minute and questions per
 * day. Kept in this host's memory: with several hosts each enforces its own share (shared limits: issue 10).
 */
@Component
public class RateLimits {

    private static final int MAX_SUBJECTS = 100_000;

    private record Window(long start, int count) {
    }

    private final Map<String, Window> windows = new ConcurrentHashMap<>();
    private final Clock clock;

    RateLimits(Clock clock) {
        this.clock = clock;
    }

    /**
     * Counts one request of {@code subject} against {@code limit} per {@code period}.
     *
     * @return empty when allowed, else how long until the window resets (for {@code Retry-After})
     */
    public Optional<Duration> acquire(String subject, Duration period, int limit) {
        long now = clock.millis();
        long periodMillis = period.toMillis();
        long start = now - now % periodMillis;
        String key = subject + "@" + periodMillis;
        if (windows.size() > MAX_SUBJECTS) {
            windows.entrySet().removeIf(e -> e.getValue().start() + periodMillis < start);
        }
        Window window = windows.compute(key, (k, w) -> w == null || w.start() != start ? new Window(start, 1)
                : new Window(start, w.count() + 1));
        if (window.count() <= limit) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofMillis(start + periodMillis - now));
    }
}

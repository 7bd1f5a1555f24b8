package io.corrigo.server.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RateLimitsTest {

    /** A clock the test moves. */
    static final class TestClock extends Clock {
        long millis;

        TestClock(long millis) {
            this.millis = millis;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis);
        }
    }

    private static List<Boolean> burst(RateLimits limits, TestClock clock, int n, long stepMillis) {
        List<Boolean> allowed = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            allowed.add(limits.acquire("key:k", Duration.ofMinutes(1), 3).isEmpty());
            clock.millis += stepMillis;
        }
        return allowed;
    }

    @Test
    void should_allow_the_limit_and_refuse_the_rest_within_a_window() {
        TestClock clock = new TestClock(10_000);
        assertThat(burst(new RateLimits(clock), clock, 5, 100)).containsExactly(true, true, true, false, false);
    }

    @Test
    void should_refuse_a_burst_that_straddles_a_window_boundary() {
        for (long offset = -300; offset <= 300; offset += 50) {
            TestClock clock = new TestClock(60_000 * 100 + offset); // around a minute boundary
            assertThat(burst(new RateLimits(clock), clock, 5, 100)).as("offset %d", offset)
                    .containsExactly(true, true, true, false, false);
        }
    }

    @Test
    void should_say_when_to_retry_and_allow_again_then() {
        TestClock clock = new TestClock(60_000 * 100 + 30_000);
        RateLimits limits = new RateLimits(clock);
        burst(limits, clock, 3, 0);

        Optional<Duration> wait = limits.acquire("key:k", Duration.ofMinutes(1), 3);

        assertThat(wait).hasValueSatisfying(d -> assertThat(d).isPositive().isLessThanOrEqualTo(Duration.ofMinutes(2)));
        clock.millis += wait.get().toMillis() - 1;
        assertThat(limits.acquire("key:k", Duration.ofMinutes(1), 3)).isPresent();
        clock.millis += 1;
        assertThat(limits.acquire("key:k", Duration.ofMinutes(1), 3)).isEmpty();
    }

    @Test
    void should_keep_subjects_apart() {
        TestClock clock = new TestClock(5_000);
        RateLimits limits = new RateLimits(clock);
        for (int i = 0; i < 3; i++) {
            limits.acquire("key:a", Duration.ofMinutes(1), 3);
        }

        assertThat(limits.acquire("key:a", Duration.ofMinutes(1), 3)).isPresent();
        assertThat(limits.acquire("key:b", Duration.ofMinutes(1), 3)).isEmpty();
    }
}

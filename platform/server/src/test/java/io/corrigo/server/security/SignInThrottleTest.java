package io.corrigo.server.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The lock's arithmetic on a clock the test moves: threshold, doubling, cap, forgetting, and a success clearing it. */
class SignInThrottleTest {

    private final CachingPasswordEncoderTest.RateClock clock = new CachingPasswordEncoderTest.RateClock();
    private final SignInThrottle throttle = new SignInThrottle(clock);

    @Test
    void should_lock_a_user_from_the_fifth_failure_for_15_s__doubling_with_each_further_one_up_to_fifteen_minutes() {
        for (int i = 0; i < 4; i++) {
            throttle.failed("ann", "10.0.0.1");
        }
        assertThat(throttle.lockedFor("ann", "10.0.0.1")).isEmpty();

        throttle.failed("ann", "10.0.0.1");
        assertThat(throttle.lockedFor("ANN", "10.0.0.9")).as("by name, any case, any address").contains(Duration.ofSeconds(15));
        throttle.failed("ann", "10.0.0.1");
        assertThat(throttle.lockedFor("ann", "10.0.0.9")).contains(Duration.ofSeconds(30));
        throttle.failed("ann", "10.0.0.1");
        assertThat(throttle.lockedFor("ann", "10.0.0.9")).contains(Duration.ofSeconds(60));
        for (int i = 0; i < 30; i++) {
            throttle.failed("ann", "10.0.0.1");
        }
        assertThat(throttle.lockedFor("ann", "10.0.0.9")).contains(SignInThrottle.MAX_LOCK);

        clock.millis += SignInThrottle.MAX_LOCK.toMillis();
        assertThat(throttle.lockedFor("ann", "10.0.0.9")).as("the lock ran out").isEmpty();
    }

    @Test
    void should_lock_an_address_spraying_many_user_names__and_clear_both_on_a_success() {
        for (int i = 0; i < SignInThrottle.ADDRESS_FAILURES; i++) {
            throttle.failed("user" + i, "10.0.0.2");
        }
        assertThat(throttle.lockedFor("someone-else", "10.0.0.2")).isPresent();
        assertThat(throttle.lockedFor("someone-else", "10.0.0.3")).isEmpty();

        clock.millis += 5_000;
        throttle.succeeded("user1", "10.0.0.2");
        assertThat(throttle.lockedFor("someone-else", "10.0.0.2")).isEmpty();
    }

    @Test
    void should_forget_old_failures() {
        for (int i = 0; i < 4; i++) {
            throttle.failed("bob", "10.0.0.4");
        }
        clock.millis += SignInThrottle.FORGET.toMillis() + 1;
        throttle.failed("bob", "10.0.0.4");

        assertThat(throttle.lockedFor("bob", "10.0.0.4")).as("one recent failure, not five").isEmpty();
    }
}

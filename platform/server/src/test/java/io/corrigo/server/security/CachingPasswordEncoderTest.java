package io.corrigo.server.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

class CachingPasswordEncoderTest {

    /** bcrypt, counting how often it really checks. */
    static final class Counting implements PasswordEncoder {
        final PasswordEncoder bcrypt = PasswordEncoderFactories.createDelegatingPasswordEncoder();
        final AtomicInteger checks = new AtomicInteger();

        @Override
        public String encode(CharSequence raw) {
            return bcrypt.encode(raw);
        }

        @Override
        public boolean matches(CharSequence raw, String encoded) {
            checks.incrementAndGet();
            return bcrypt.matches(raw, encoded);
        }
    }

    @Test
    void should_check_a_right_password_once_and_a_wrong_one_every_time() {
        Counting bcrypt = new Counting();
        CachingPasswordEncoder encoder = new CachingPasswordEncoder(bcrypt, Clock.systemUTC(), Duration.ofMinutes(10));
        String hash = encoder.encode("right-password");

        boolean first = encoder.matches("right-password", hash);
        boolean second = encoder.matches("right-password", hash);
        boolean wrong1 = encoder.matches("wrong-password", hash);
        boolean wrong2 = encoder.matches("wrong-password", hash);

        assertThat(first).isTrue();
        assertThat(second).isTrue();
        assertThat(wrong1).isFalse();
        assertThat(wrong2).isFalse();
        assertThat(bcrypt.checks.get()).isEqualTo(3);
    }

    @Test
    void should_not_accept_an_old_password_against_a_new_hash() {
        CachingPasswordEncoder encoder = new CachingPasswordEncoder(new Counting(), Clock.systemUTC(), Duration.ofMinutes(10));
        String oldHash = encoder.encode("old-password");
        assertThat(encoder.matches("old-password", oldHash)).isTrue();

        String newHash = encoder.encode("new-password");

        assertThat(encoder.matches("old-password", newHash)).isFalse();
        assertThat(encoder.matches("new-password", newHash)).isTrue();
    }

    @Test
    void should_forget_after_the_time_to_live() {
        Counting bcrypt = new Counting();
        RateClock clock = new RateClock();
        CachingPasswordEncoder encoder = new CachingPasswordEncoder(bcrypt, clock, Duration.ofMinutes(10));
        String hash = encoder.encode("right-password");
        encoder.matches("right-password", hash);

        clock.millis += Duration.ofMinutes(11).toMillis();
        encoder.matches("right-password", hash);

        assertThat(bcrypt.checks.get()).isEqualTo(2);
    }

    static final class RateClock extends Clock {
        long millis = 1_000_000;

        @Override
        public java.time.ZoneId getZone() {
            return java.time.ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public java.time.Instant instant() {
            return java.time.Instant.ofEpochMilli(millis);
        }
    }
}

package io.corrigo.server.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Slows password guessing: failed sign-ins are counted per user name and per client address; from the
 * {@link #USER_FAILURES}th failure of a user (or the {@link #ADDRESS_FAILURES}th from one address) further attempts
 * are refused without checking the password, for a lock that doubles with every further failure (15 s, 30 s, 60 s,
 * ... at most {@link #MAX_LOCK}). A successful sign-in clears both counts; counts lapse after {@link #FORGET} without a
 * failure. Locks are logged. A lock on a user name also holds against its owner: that is the price of stopping a
 * guesser, kept short for a mistyping owner by starting at {@link #FIRST_LOCK}.
 */
@Component
public class SignInThrottle {

    private static final Logger log = LoggerFactory.getLogger(SignInThrottle.class);
    static final int USER_FAILURES = 5;
    static final int ADDRESS_FAILURES = 20;
    static final Duration FIRST_LOCK = Duration.ofSeconds(15);
    static final Duration MAX_LOCK = Duration.ofMinutes(15);
    static final Duration FORGET = Duration.ofMinutes(30);
    private static final int MAX_TRACKED = 100_000;

    private record Failures(int count, Instant last, Instant lockedUntil) {
    }

    private final Map<String, Failures> failures = new ConcurrentHashMap<>();
    private final Clock clock;

    public SignInThrottle(Clock clock) {
        this.clock = clock;
    }

    /** How long sign-ins as {@code user} from {@code address} are refused still; empty when they may be tried. */
    public Optional<Duration> lockedFor(String user, String address) {
        Instant now = clock.instant();
        Duration longest = Duration.ZERO;
        for (String key : new String[] {userKey(user), addressKey(address)}) {
            Failures f = failures.get(key);
            if (f != null && f.lockedUntil() != null && f.lockedUntil().isAfter(now)) {
                Duration left = Duration.between(now, f.lockedUntil());
                longest = left.compareTo(longest) > 0 ? left : longest;
            }
        }
        return longest.isZero() ? Optional.empty() : Optional.of(longest);
    }

    /**
     * A user name's recent failed sign-ins and, while it lasts, its lock (for the Users view).
     *
     * @param failures    failed attempts in a row (within {@link #FORGET} of each other)
     * @param lockedUntil until when sign-ins are refused, or {@code null}
     */
    public record Status(int failures, Instant lockedUntil) {
    }

    /** The user name's recent failures and lock, if it has any. */
    public Optional<Status> status(String user) {
        Failures f = failures.get(userKey(user));
        Instant now = clock.instant();
        if (f == null || f.last().isBefore(now.minus(FORGET))) {
            return Optional.empty();
        }
        return Optional.of(new Status(f.count(), f.lockedUntil() != null && f.lockedUntil().isAfter(now) ? f.lockedUntil() : null));
    }

    /** Records a failed sign-in as {@code user} from {@code address}, locking either when over its limit. */
    public void failed(String user, String address) {
        if (failures.size() > MAX_TRACKED) {
            Instant stale = clock.instant().minus(FORGET);
            failures.values().removeIf(f -> f.last().isBefore(stale));
        }
        count(userKey(user), USER_FAILURES, "user '" + user + "'", address);
        count(addressKey(address), ADDRESS_FAILURES, "address " + address, address);
    }

    /** Clears the counts of {@code user} and {@code address} after a successful sign-in. */
    public void succeeded(String user, String address) {
        failures.remove(userKey(user));
        failures.remove(addressKey(address));
    }

    private void count(String key, int limit, String who, String address) {
        Instant now = clock.instant();
        Failures next = failures.compute(key, (k, f) -> {
            int count = f == null || f.last().isBefore(now.minus(FORGET)) ? 1 : f.count() + 1;
            Instant until = null;
            if (count >= limit) {
                long seconds = FIRST_LOCK.toSeconds() << Math.min(20, count - limit);
                until = now.plus(Duration.ofSeconds(Math.min(seconds, MAX_LOCK.toSeconds())));
            }
            return new Failures(count, now, until);
        });
        if (next.lockedUntil() != null) {
            log.warn("Sign-in for {} locked for {} s after {} failed attempts (the last from {})", who,
                    Duration.between(now, next.lockedUntil()).toSeconds(), next.count(), address);
        }
    }

    private static String userKey(String user) {
        return "user:" + String.valueOf(user).toLowerCase(Locale.ROOT);
    }

    private static String addressKey(String address) {
        return "address:" + address;
    }
}

package io.corrigo.testsupport;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Waiting by condition: reads again every {@link #POLL} until what was read satisfies the condition, or fails with
 * the last value seen once the time is up. For what a test waits on (a job to finish, a host to answer, a runner to
 * start again); a fixed pause is only for letting time itself pass (a breaker's open duration, a cache's life).
 */
public final class Eventually {

    /** How long between two reads. */
    public static final Duration POLL = Duration.ofMillis(100);

    private Eventually() {
    }

    /** The first value of {@code read} that satisfies {@code done}. @throws AssertionError with the last value seen */
    public static <T> T until(Supplier<T> read, Predicate<T> done, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        T last = read.get();
        while (!done.test(last)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + timeout + "; last seen: " + last);
            }
            pause();
            last = read.get();
        }
        return last;
    }

    /** Returns once {@code condition} holds. @throws AssertionError naming {@code what} when it does not in time */
    public static void until(BooleanSupplier condition, Duration timeout, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + timeout + ": " + what);
            }
            pause();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting", e);
        }
    }
}

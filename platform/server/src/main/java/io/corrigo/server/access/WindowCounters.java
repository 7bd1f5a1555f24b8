package io.corrigo.server.access;

/**
 * Where {@link RateLimits} keeps its counts of allowed requests per subject and fixed window: in this host's memory, or
 * in the database that every host shares.
 */
interface WindowCounters {

    /** The counts of {@code key} in the window starting at {@code start} and in the one before it. */
    record Counts(int current, int previous) {
    }

    Counts read(String key, long start, long previousStart);

    /**
     * Adds one to {@code key}'s count in the window starting at {@code start} if it is below {@code below}, atomically
     * (so hosts racing for the last allowed request cannot both get it). @return whether it was added
     */
    boolean increment(String key, long start, long below);

    /** Forgets windows that started before {@code start}. */
    void forgetBefore(long start);
}

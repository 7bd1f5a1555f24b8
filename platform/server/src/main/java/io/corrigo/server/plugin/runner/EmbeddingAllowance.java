package io.corrigo.server.plugin.runner;

import java.util.concurrent.ConcurrentHashMap;

/**
 * How much of the host's embedding model the untrusted plugins of one tenant may use: {@link #MILLIS_PER_MINUTE} of
 * model time a minute, all the tenant's runners together, whatever the number of texts. Model time is the time the
 * host's model spends on the tenant's requests (the calls' elapsed time, which bounds the CPU time of the thread that
 * makes them); a tenant that has used its minute is refused until the next one, so one tenant's plugin cannot keep a
 * core of the host busy for itself.
 */
final class EmbeddingAllowance {

    /** The model time a tenant's plugins may use in one minute: a quarter of one core. */
    static final long MILLIS_PER_MINUTE = 15_000;

    private record Window(long minute, long nanos) {
    }

    private static final ConcurrentHashMap<String, Window> SPENT = new ConcurrentHashMap<>();

    private EmbeddingAllowance() {
    }

    /** Refuses a request of {@code tenant}'s plugins when the tenant has used its minute. */
    static void check(String tenant) {
        long minute = System.currentTimeMillis() / 60_000;
        Window window = SPENT.get(key(tenant));
        if (window != null && window.minute() == minute && window.nanos() >= MILLIS_PER_MINUTE * 1_000_000) {
            throw new IllegalStateException("the plugins of tenant " + tenant + " used the host's embedding model for "
                    + MILLIS_PER_MINUTE / 1000 + " s this minute, all they may; try again in the next one");
        }
    }

    /** Books {@code nanos} of model time to {@code tenant}'s minute. */
    static void charge(String tenant, long nanos) {
        long minute = System.currentTimeMillis() / 60_000;
        SPENT.merge(key(tenant), new Window(minute, nanos), (old, add) -> old.minute() == minute
                ? new Window(minute, old.nanos() + add.nanos()) : add);
    }

    /** Forgets a deleted tenant. */
    static void forget(String tenant) {
        SPENT.remove(key(tenant));
    }

    private static String key(String tenant) {
        return tenant == null ? "" : tenant;
    }
}

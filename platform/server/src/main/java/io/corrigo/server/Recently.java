package io.corrigo.server;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * A small read-through cache for rows read on every request that rarely change (a tenant, its active pipeline
 * version, an API key): each value is kept for a short time, and the service that changes a row forgets it at once.
 * Another host sees a change within the time to live. Bounded: when full it starts again empty.
 *
 * @param <K> the key
 * @param <V> the value; loaders signal "not found" by throwing or by a value the caller does not cache
 */
public final class Recently<K, V> {

    private record Entry<V>(V value, long expiresAt) {
    }

    private final ConcurrentHashMap<K, Entry<V>> entries = new ConcurrentHashMap<>();
    private final long ttlNanos;
    private final int maxEntries;

    public Recently(Duration ttl, int maxEntries) {
        this.ttlNanos = ttl.toNanos();
        this.maxEntries = maxEntries;
    }

    /** The kept value of {@code key}, or a freshly loaded one (kept when it is not null). */
    public V get(K key, Function<K, V> load) {
        long now = System.nanoTime();
        Entry<V> entry = entries.get(key);
        if (entry != null && now - entry.expiresAt() < 0) {
            return entry.value();
        }
        V value = load.apply(key);
        if (value != null) {
            if (entries.size() >= maxEntries) {
                entries.clear();
            }
            entries.put(key, new Entry<>(value, now + ttlNanos));
        }
        return value;
    }

    /**
     * Forgets {@code key}: the next read loads it. Inside a transaction, forgets it again once the transaction has
     * committed, so that a read made meanwhile (which saw the old row) is not kept.
     */
    public void forget(K key) {
        entries.remove(key);
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCompletion(int status) {
                    entries.remove(key);
                }
            });
        }
    }

    /** Forgets everything. */
    public void clear() {
        entries.clear();
    }
}

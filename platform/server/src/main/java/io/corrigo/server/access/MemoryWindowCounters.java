package io.corrigo.server.access;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Counts in this host's memory: exact for one host; with several, each enforces the limit on its own share. */
final class MemoryWindowCounters implements WindowCounters {

    private final Map<String, Integer> counts = new ConcurrentHashMap<>();

    private static String id(String key, long start) {
        return key + "#" + start;
    }

    @Override
    public Counts read(String key, long start, long previousStart) {
        return new Counts(counts.getOrDefault(id(key, start), 0), counts.getOrDefault(id(key, previousStart), 0));
    }

    @Override
    public boolean increment(String key, long start, long below) {
        boolean[] added = new boolean[1];
        counts.compute(id(key, start), (k, n) -> {
            int current = n == null ? 0 : n;
            added[0] = current < below;
            return added[0] ? current + 1 : current;
        });
        return added[0];
    }

    @Override
    public void forgetBefore(long start) {
        counts.keySet().removeIf(k -> Long.parseLong(k.substring(k.lastIndexOf('#') + 1)) < start);
    }
}

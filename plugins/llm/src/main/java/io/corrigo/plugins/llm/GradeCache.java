package io.corrigo.plugins.llm;

import io.corrigo.api.Judgement;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** Grades per (question, passage) for a while, least recently used evicted past a size: LLM grading is slow and paid. */
final class GradeCache {

    private record Entry(Judgement judgement, Instant expires) {
    }

    private final Clock clock;
    private final long ttlSeconds;
    private final Map<String, Entry> entries;

    GradeCache(Clock clock, long ttlSeconds, int maxEntries) {
        this.clock = clock;
        this.ttlSeconds = ttlSeconds;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
                return size() > maxEntries;
            }
        };
    }

    synchronized Judgement get(String key) {
        Entry entry = entries.get(key);
        if (entry == null) {
            return null;
        }
        if (!clock.instant().isBefore(entry.expires())) {
            entries.remove(key);
            return null;
        }
        return entry.judgement();
    }

    synchronized void put(String key, Judgement judgement) {
        if (ttlSeconds > 0) {
            entries.put(key, new Entry(judgement, clock.instant().plusSeconds(ttlSeconds)));
        }
    }

    synchronized int size() {
        return entries.size();
    }
}

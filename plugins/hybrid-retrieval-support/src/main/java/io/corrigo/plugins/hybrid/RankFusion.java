package io.corrigo.plugins.hybrid;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Weighted reciprocal rank fusion of ranked lists: a hit at rank r (from 1) of a list with weight w scores
 * {@code w / (k + r)}, summed over the lists it is in. Not thread-safe: one per query.
 *
 * @param <K> what identifies a hit (a document number, an id)
 */
public final class RankFusion<K> {

    /**
     * One fused hit.
     *
     * @param key   the hit
     * @param score its fused score
     * @param ranks where it stood in each list, e.g. {@code bm25#3 vector#1}
     */
    public record Fused<K>(K key, double score, String ranks) {
    }

    private final int k;
    private final Map<K, double[]> scores = new LinkedHashMap<>();
    private final Map<K, String> ranks = new LinkedHashMap<>();

    /** A fusion with the constant {@code k} (typically 60). */
    public RankFusion(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("the fusion constant must be at least 1, got " + k);
        }
        this.k = k;
    }

    /** Adds one ranked list, best first, named {@code list} in the hits' rank notes. */
    public RankFusion<K> add(String list, List<K> ranked, double weight) {
        for (int rank = 0; rank < ranked.size(); rank++) {
            K key = ranked.get(rank);
            scores.computeIfAbsent(key, x -> new double[1])[0] += weight / (k + rank + 1);
            ranks.merge(key, list + "#" + (rank + 1), (a, b) -> a + " " + b);
        }
        return this;
    }

    /** The best {@code n} hits, highest fused score first; ties keep the order in which the hits were first seen. */
    public List<Fused<K>> top(int n) {
        List<Fused<K>> all = new ArrayList<>(scores.size());
        scores.forEach((key, score) -> all.add(new Fused<>(key, score[0], ranks.get(key))));
        all.sort(Comparator.comparingDouble((Fused<K> f) -> f.score()).reversed());
        return all.subList(0, Math.min(n, all.size()));
    }
}

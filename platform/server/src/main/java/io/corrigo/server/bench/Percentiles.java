package io.corrigo.server.bench;

import java.util.Arrays;
import java.util.Collection;

/** Nearest-rank percentiles of a sample, for the benchmarks' printed figures. */
final class Percentiles {

    private final double[] sorted;

    Percentiles(Collection<Double> values) {
        sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    }

    /** The {@code p}-th percentile (nearest rank); NaN for an empty sample. */
    double at(double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    int size() {
        return sorted.length;
    }

    double mean() {
        return Arrays.stream(sorted).average().orElse(Double.NaN);
    }
}

package io.corrigo.server;

import java.util.Arrays;
import java.util.Collection;

/**
 * Nearest-rank percentiles of a sample: the one definition behind the evaluation's latency figures, the benchmarks'
 * printed figures and the run charts of the admin UI.
 */
public final class Percentiles {

    private final double[] sorted;

    private Percentiles(double[] sorted) {
        this.sorted = sorted;
    }

    /** The sample {@code values} (NaN values included as given). */
    public static Percentiles of(Collection<Double> values) {
        return new Percentiles(values.stream().mapToDouble(Double::doubleValue).sorted().toArray());
    }

    /** The sample {@code values}; the array is not changed. */
    public static Percentiles of(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return new Percentiles(sorted);
    }

    /** The {@code p}-th percentile (0–100) of {@code values} by the nearest-rank method; NaN for no values. */
    public static double percentile(Collection<Double> values, double p) {
        return of(values).at(p);
    }

    /** The {@code p}-th percentile (0–100), nearest rank; NaN for an empty sample. */
    public double at(double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    public int size() {
        return sorted.length;
    }

    /** The mean; NaN for an empty sample. */
    public double mean() {
        return Arrays.stream(sorted).average().orElse(Double.NaN);
    }
}

package io.corrigo.server.run;

/**
 * The fixed bins of the latency histogram kept per tenant and hour ({@code run_hour.lat_00 … lat_15}): upper edges
 * in milliseconds, the last bin open. Percentiles read from it are exact to within the bin they fall in (linear
 * interpolation inside it): enough to see p95 move from 300 ms to 2 s, at a fixed cost per hour, however many runs.
 */
public final class LatencyBins {

    /** Upper edges (exclusive) of bins 0 … 14; bin 15 holds everything from 10 s up. */
    static final double[] EDGES = {10, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1000, 2000, 5000, 10_000};

    /** How many bins there are. */
    public static final int COUNT = EDGES.length + 1;

    private LatencyBins() {
    }

    /** The bin of {@code millis}. */
    static int of(double millis) {
        for (int i = 0; i < EDGES.length; i++) {
            if (millis < EDGES[i]) {
                return i;
            }
        }
        return EDGES.length;
    }

    /** The column of bin {@code i}: {@code lat_07}. */
    public static String column(int i) {
        return String.format(java.util.Locale.ROOT, "lat_%02d", i);
    }

    /**
     * The {@code q} quantile (0–1) of the histogram {@code counts}, interpolated linearly inside its bin (the open last
     * bin is read as 10–20 s); {@code null} without runs.
     */
    public static Double quantile(long[] counts, double q) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        if (total == 0) {
            return null;
        }
        double rank = q * total;
        long before = 0;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0 && before + counts[i] >= rank) {
                double low = i == 0 ? 0 : EDGES[i - 1];
                double high = i < EDGES.length ? EDGES[i] : 2 * EDGES[EDGES.length - 1];
                return low + (high - low) * Math.max(0, rank - before) / counts[i];
            }
            before += counts[i];
        }
        return 2 * EDGES[EDGES.length - 1];
    }
}

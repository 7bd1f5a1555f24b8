package io.corrigo.api;

import java.util.Arrays;
import java.util.Objects;

/**
 * A dense vector produced by the host's {@link EmbeddingService}.
 *
 * <p>Vectors from the host are L2-normalised, so {@link #cosine(Embedding)} is a plain dot product divided by
 * the norms (kept general so that plugins may build embeddings of their own). The array is copied on the way
 * in and never exposed, so an {@code Embedding} is immutable.
 */
public final class Embedding {

    private final float[] values;

    private Embedding(float[] values) {
        this.values = values;
    }

    /** Wraps a copy of {@code values}; the array must be non-empty. */
    public static Embedding of(float[] values) {
        Objects.requireNonNull(values, "values");
        if (values.length == 0) {
            throw new IllegalArgumentException("an embedding needs at least one dimension");
        }
        return new Embedding(values.clone());
    }

    /**
     * The L2-normalised mean of {@code parts}: how the host embeds a passage from its sentences' embeddings, so that
     * knowledge-base passages (embedded at index time) and web results (embedded at query time) compare alike.
     * All zeros when the parts cancel out.
     *
     * @throws IllegalArgumentException when there is no part or the dimensions differ
     */
    public static Embedding meanOf(java.util.List<Embedding> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("the mean of no embedding");
        }
        float[] mean = new float[parts.get(0).values.length];
        for (Embedding part : parts) {
            if (part.values.length != mean.length) {
                throw new IllegalArgumentException("cannot average embeddings of " + mean.length + " and "
                        + part.values.length + " dimensions");
            }
            for (int d = 0; d < mean.length; d++) {
                mean[d] += part.values[d];
            }
        }
        double norm = 0;
        for (float v : mean) {
            norm += v * v;
        }
        norm = Math.sqrt(norm);
        for (int d = 0; d < mean.length; d++) {
            mean[d] = norm == 0 ? 0 : (float) (mean[d] / norm);
        }
        return new Embedding(mean);
    }

    /** The number of dimensions. */
    public int dimension() {
        return values.length;
    }

    /** A copy of the vector. */
    public float[] toArray() {
        return values.clone();
    }

    /** The value at {@code index}. */
    public float get(int index) {
        return values[index];
    }

    /**
     * Cosine similarity in [-1, 1]; 0 when either vector is all zeros.
     *
     * @throws IllegalArgumentException when the dimensions differ (embeddings of two different models)
     */
    public double cosine(Embedding other) {
        if (other.values.length != values.length) {
            throw new IllegalArgumentException(
                    "cannot compare embeddings of " + values.length + " and " + other.values.length + " dimensions");
        }
        double dot = 0;
        double normA = 0;
        double normB = 0;
        for (int i = 0; i < values.length; i++) {
            dot += values[i] * other.values[i];
            normA += values[i] * values[i];
            normB += other.values[i] * other.values[i];
        }
        if (normA == 0 || normB == 0) {
            return 0;
        }
        return dot / Math.sqrt(normA * normB);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Embedding other && Arrays.equals(values, other.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "Embedding[" + values.length + " dimensions]";
    }
}

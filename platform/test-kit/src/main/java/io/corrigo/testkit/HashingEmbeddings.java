package io.corrigo.testkit;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import java.util.Locale;

/**
 * A deterministic stand-in for the host's embedding model: each lower-cased word is hashed into one of
 * {@link #DIMENSION} (or a chosen number of) buckets and the counts are normalised to unit length. Texts sharing
 * words are close; no model is loaded, so contract tests run in milliseconds. Two instances of different dimensions
 * are two models, with two model ids: a store built by one must refuse the other. Thread-safe.
 */
public final class HashingEmbeddings implements EmbeddingService {

    /** The number of dimensions of every vector, unless another is chosen. */
    public static final int DIMENSION = 256;

    private final int dimension;

    /** The usual stand-in, of {@link #DIMENSION} dimensions. */
    public HashingEmbeddings() {
        this(DIMENSION);
    }

    /**
     * A stand-in of {@code dimension} dimensions, with a model id of its own.
     *
     * @since 1.2.0
     */
    public HashingEmbeddings(int dimension) {
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be at least 1, got " + dimension);
        }
        this.dimension = dimension;
    }

    @Override
    public Embedding embed(String text) {
        float[] values = new float[dimension];
        for (String word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!word.isEmpty()) {
                values[Math.floorMod(word.hashCode(), dimension)] += 1;
            }
        }
        double norm = 0;
        for (float v : values) {
            norm += v * v;
        }
        if (norm == 0) {
            values[0] = 1;
            return Embedding.of(values);
        }
        float scale = (float) (1 / Math.sqrt(norm));
        for (int i = 0; i < values.length; i++) {
            values[i] *= scale;
        }
        return Embedding.of(values);
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public String modelId() {
        return "test-kit-hashing-" + dimension;
    }
}

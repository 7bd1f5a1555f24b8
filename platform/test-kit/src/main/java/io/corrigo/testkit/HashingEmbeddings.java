package io.corrigo.testkit;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import java.util.Locale;

/**
 * A deterministic stand-in for the host's embedding model: each lower-cased word is hashed into one of
 * {@link #DIMENSION} buckets and the counts are normalised to unit length. Texts sharing words are close; no model
 * is loaded, so contract tests run in milliseconds. Thread-safe.
 */
public final class HashingEmbeddings implements EmbeddingService {

    /** The number of dimensions of every vector. */
    public static final int DIMENSION = 256;

    @Override
    public Embedding embed(String text) {
        float[] values = new float[DIMENSION];
        for (String word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!word.isEmpty()) {
                values[Math.floorMod(word.hashCode(), DIMENSION)] += 1;
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
        return DIMENSION;
    }

    @Override
    public String modelId() {
        return "test-kit-hashing-" + DIMENSION;
    }
}

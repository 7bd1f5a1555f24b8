package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;

/**
 * Embeddings that know nothing: a random direction per text (seeded by the text), so unrelated texts are orthogonal
 * (cosine ≈ 0) and a text is always embedded alike. Tests of what the judges decide without semantic help.
 */
final class RandomEmbeddings implements EmbeddingService {

    private final int dimension;

    RandomEmbeddings(int dimension) {
        this.dimension = dimension;
    }

    @Override
    public Embedding embed(String text) {
        java.util.Random random = new java.util.Random(text.hashCode());
        float[] v = new float[dimension];
        for (int i = 0; i < v.length; i++) {
            v[i] = (float) random.nextGaussian();
        }
        return Embedding.of(v);
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public String modelId() {
        return "random";
    }
}

package io.corrigo.server.bench;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Origin;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Source;
import io.corrigo.api.Strip;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A deterministic synthetic corpus for retrieval at scale, and its "embedding model": Zipf-distributed words over a
 * 50,000-word vocabulary, 80 words and two sentence strips a chunk, 384-dimension unit vectors (the size of the
 * shipped MiniLM model) for passages and strips, drawn around one of 2,000 topic centroids (cosine ≈ 0.7 to its
 * centroid, ≈ 0.5 between chunks of a topic, as real embeddings cluster; uniformly random vectors are HNSW's worst
 * case and no embedding model produces them). A query is six words of a chunk with that chunk's vector perturbed,
 * so both BM25 and the vector search have real work.
 */
final class SyntheticChunks implements EmbeddingService {

    private static final int DIMENSION = 384;
    private static final int VOCABULARY = 50_000;
    private static final int WORDS_PER_CHUNK = 80;
    private static final int TOPICS = 2_000;

    private final long seed;
    private final double[] zipf = new double[VOCABULARY];

    SyntheticChunks(long seed) {
        this.seed = seed;
        double sum = 0;
        for (int r = 0; r < VOCABULARY; r++) {
            sum += 1.0 / (r + 1);
            zipf[r] = sum;
        }
        for (int r = 0; r < VOCABULARY; r++) {
            zipf[r] /= sum;
        }
    }

    /** Chunk {@code i}, the same on every run. */
    Passage chunk(int i) {
        SplittableRandom random = new SplittableRandom(seed * 1_000_003L + i);
        String first = words(random, WORDS_PER_CHUNK / 2);
        String second = words(random, WORDS_PER_CHUNK / 2);
        List<Strip> strips = List.of(new Strip(0, first, vector(random)), new Strip(1, second, vector(random)));
        Source source = new Source(Origin.KNOWLEDGE_BASE, "doc-" + (i / 10), "Document " + (i / 10), null);
        return new Passage("chunk-" + i, first + " " + second, source, 0, chunkVector(i), strips,
                Map.of(io.corrigo.api.PassageFilter.COLLECTIONS, collection(i)));
    }

    /** How many collections the chunks are spread over: a filter on one keeps 1 % of them. */
    static final int COLLECTIONS = 100;

    /** The collection chunk {@code i} is in. */
    static String collection(int i) {
        return "c" + Math.floorMod(i * 31, COLLECTIONS);
    }

    /** A query aimed at chunk {@code chunk}. */
    Query query(int chunk) {
        String text = chunk(chunk).text();
        String[] words = text.split(" ");
        SplittableRandom random = new SplittableRandom(chunk * 31L + 5);
        StringBuilder q = new StringBuilder();
        for (int k = 0; k < 6; k++) {
            q.append(words[random.nextInt(words.length)]).append(' ');
        }
        float[] v = chunkVector(chunk).toArray();
        for (int d = 0; d < v.length; d++) {
            v[d] += (float) (random.nextGaussian() * 0.03);
        }
        return new Query(q.toString().trim(), Embedding.of(normalise(v)), null);
    }

    /** The chunk's topic centroid plus as much noise again: cosine ≈ 0.7 to the centroid. */
    private Embedding chunkVector(int i) {
        float[] centroid = vector(new SplittableRandom(seed * 31L + Math.floorMod(i * 7_919L, TOPICS))).toArray();
        float[] noise = vector(new SplittableRandom(seed * 7_919L + i * 104_729L)).toArray();
        float[] v = new float[DIMENSION];
        for (int d = 0; d < DIMENSION; d++) {
            v[d] = centroid[d] + noise[d];
        }
        return Embedding.of(normalise(v));
    }

    private String words(SplittableRandom random, int n) {
        StringBuilder text = new StringBuilder();
        for (int k = 0; k < n; k++) {
            int rank = Arrays.binarySearch(zipf, random.nextDouble());
            rank = rank < 0 ? Math.min(VOCABULARY - 1, -rank - 1) : rank;
            text.append(k == 0 ? "" : " ").append(word(rank));
        }
        return text.append('.').toString();
    }

    /** A pronounceable word for each rank; distinct ranks give distinct words. */
    private static String word(int rank) {
        String consonants = "bcdfghjklmnprstvz";
        String vowels = "aeiou";
        StringBuilder w = new StringBuilder();
        int r = rank + 1;
        while (r > 0) {
            w.append(consonants.charAt(r % consonants.length()));
            r /= consonants.length();
            w.append(vowels.charAt(r % vowels.length()));
            r /= vowels.length();
        }
        return w.toString();
    }

    private static Embedding vector(SplittableRandom random) {
        float[] v = new float[DIMENSION];
        for (int d = 0; d < DIMENSION; d++) {
            v[d] = (float) random.nextGaussian();
        }
        return Embedding.of(normalise(v));
    }

    private static float[] normalise(float[] v) {
        double norm = 0;
        for (float x : v) {
            norm += x * x;
        }
        float scale = (float) (1 / Math.sqrt(norm));
        for (int d = 0; d < v.length; d++) {
            v[d] *= scale;
        }
        return v;
    }

    @Override
    public Embedding embed(String text) {
        return vector(new SplittableRandom(text.hashCode()));
    }

    @Override
    public int dimension() {
        return DIMENSION;
    }

    @Override
    public String modelId() {
        return "synthetic-random-384";
    }
}

package io.corrigo.plugins.luceneretriever;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Origin;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Source;
import io.corrigo.api.Strip;
import io.corrigo.plugins.hybrid.FusionSettings;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Retrieval latency of the Lucene retriever on synthetic corpora (default 100k and 1M chunks; {@code -Dbench.chunks=}
 * to choose): Zipf-distributed words over a 50,000-word vocabulary, 80 words and two sentence strips a chunk,
 * 384-dimension unit vectors (the size of the shipped MiniLM model) for passages and strips, drawn around one of
 * 2,000 topic centroids (cosine ≈ 0.7 to its centroid, ≈ 0.5 between chunks of a topic, as real embeddings cluster;
 * uniformly random vectors are HNSW's worst case and no embedding model produces them). Queries are six words of a
 * random chunk with that chunk's vector perturbed, so both BM25 and HNSW have real work. Indexed through
 * {@code upsert} in batches of 1,000, as ingestion does. Prints indexing time, index size on disk, heap after GC and
 * hybrid retrieval p50/p95/p99 over 1,000 queries (after 200 to warm up), and BM25 alone (a query without a vector).
 * A benchmark: it asserts nothing. Run with
 * {@code ./mvnw verify -Dgroups=benchmark -Dbench.excluded= -Dsurefire.failIfNoSpecifiedTests=false -Dtest=RetrievalScaleBenchmark}.
 */
@Tag("benchmark")
class RetrievalScaleBenchmark {

    private static final int DIMENSION = 384;
    private static final int VOCABULARY = 50_000;
    private static final int WORDS_PER_CHUNK = 80;
    private static final int BATCH = 1_000;
    private static final int TOPICS = 2_000;

    @Test
    void print_retrieval_latency_at_scale() throws Exception {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "retrieval scale benchmark: %d cores, JDK %s, max heap %d MiB, lucene-retriever "
                        + "defaults (candidates 50, rrfK 60, vectorWeight 0.5), top 5",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                Runtime.getRuntime().maxMemory() >> 20));
        for (String size : System.getProperty("bench.chunks", "100000,1000000").split(",")) {
            lines.add(measure(Integer.parseInt(size.trim())));
            System.out.println(lines.get(lines.size() - 1));
        }
        Path out = Path.of("target", "benchmarks", "retrieval-scale.txt");
        Files.createDirectories(out.getParent());
        Files.write(out, lines);
        lines.forEach(System.out::println);
    }

    private String measure(int chunks) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("target"), "scale-" + chunks);
        SyntheticCorpus corpus = new SyntheticCorpus(42);
        long indexStart = System.nanoTime();
        long cpuStart = processCpuNanos();
        java.util.concurrent.ExecutorService segmentSearch = java.util.concurrent.Executors.newFixedThreadPool(
                Runtime.getRuntime().availableProcessors()); // as the factory searches segments
        try (LuceneRetriever retriever = new LuceneRetriever(dir, corpus, new FusionSettings(50, 60, 0.5), segmentSearch)) {
            List<Passage> batch = new ArrayList<>(BATCH);
            for (int i = 0; i < chunks; i++) {
                batch.add(corpus.chunk(i));
                if (batch.size() == BATCH || i == chunks - 1) {
                    retriever.upsert(batch);
                    batch.clear();
                }
            }
            double indexSeconds = (System.nanoTime() - indexStart) / 1e9;
            double indexCpuSeconds = (processCpuNanos() - cpuStart) / 1e9;
            long diskBytes = size(dir);
            int segments = retriever.segments();

            String loaded = String.format(Locale.ROOT, "%,9d chunks as loaded:    %s | indexed in %.0f s (%.0f CPU-s, "
                            + "%.0f chunks per CPU-s) | %d segments, %,d MiB on disk", chunks, latencies(retriever, corpus, chunks),
                    indexSeconds, indexCpuSeconds, chunks / indexCpuSeconds, segments, diskBytes >> 20);
            System.out.println(loaded);

            // the end of a bulk load: what the retriever does by itself once writes pause
            long compactStart = System.nanoTime();
            long compactCpu = processCpuNanos();
            retriever.compact(LuceneRetriever.COMPACT_SEGMENTS);
            double compactSeconds = (System.nanoTime() - compactStart) / 1e9;
            double compactCpuSeconds = (processCpuNanos() - compactCpu) / 1e9;
            String compacted = String.format(Locale.ROOT, "%,9d chunks compacted:    %s | compacted in %.0f s (%.0f CPU-s) "
                            + "| %d segments, %,d MiB on disk", chunks, latencies(retriever, corpus, chunks), compactSeconds,
                    compactCpuSeconds, retriever.segments(), size(dir) >> 20);
            System.gc();
            long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            String line = loaded + "\n" + compacted + " | heap after GC " + (heap >> 20) + " MiB";
            System.out.println(compacted + " | heap after GC " + (heap >> 20) + " MiB");
            return line;
        } finally {
            segmentSearch.shutdownNow();
            delete(dir);
        }
    }

    /** Hybrid and BM25-only latency over 1,000 queries after 200 to warm up: "hybrid p50 … | BM25 alone p50 …". */
    private static String latencies(LuceneRetriever retriever, SyntheticCorpus corpus, int chunks) {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 200; i++) {
            retriever.retrieve(corpus.query(random.nextInt(chunks)), 5);
        }
        double[] millis = new double[1_000];
        double[] lexical = new double[1_000];
        for (int i = 0; i < millis.length; i++) {
            Query query = corpus.query(random.nextInt(chunks));
            long start = System.nanoTime();
            retriever.retrieve(query, 5);
            millis[i] = (System.nanoTime() - start) / 1e6;
            Query words = new Query(query.text(), null, null);
            start = System.nanoTime();
            retriever.retrieve(words, 5);
            lexical[i] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(lexical);
        Arrays.sort(millis);
        return String.format(Locale.ROOT, "hybrid p50 %6.2f ms  p95 %6.2f ms  p99 %6.2f ms | BM25 alone p50 %5.2f ms  p95 %5.2f ms",
                millis[499], millis[949], millis[989], lexical[499], lexical[949]);
    }

    /** Deterministic synthetic chunks and queries; also the "embedding model" for anything not pre-embedded. */
    private static final class SyntheticCorpus implements EmbeddingService {

        private final long seed;
        private final double[] zipf = new double[VOCABULARY];

        SyntheticCorpus(long seed) {
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

        Passage chunk(int i) {
            SplittableRandom random = new SplittableRandom(seed * 1_000_003L + i);
            String first = words(random, WORDS_PER_CHUNK / 2);
            String second = words(random, WORDS_PER_CHUNK / 2);
            List<Strip> strips = List.of(new Strip(0, first, vector(random)), new Strip(1, second, vector(random)));
            Source source = new Source(Origin.KNOWLEDGE_BASE, "doc-" + (i / 10), "Document " + (i / 10), null);
            return new Passage("chunk-" + i, first + " " + second, source, 0, chunkVector(i), strips, Map.of());
        }

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

    /** CPU time of the whole process (indexing merges in background threads), robust to a machine shared or paused. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static long size(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}

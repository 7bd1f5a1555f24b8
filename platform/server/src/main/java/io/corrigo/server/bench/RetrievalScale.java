package io.corrigo.server.bench;

import io.corrigo.api.KnowledgeIndex;
import io.corrigo.api.Passage;
import io.corrigo.api.PluginApi;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.Query;
import io.corrigo.api.Retriever;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.server.Percentiles;
import io.corrigo.server.plugin.FactoryHandle;
import io.corrigo.server.plugin.HostPluginContext;
import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.plugin.kind.StageKind;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * {@code bench --synthetic-chunks N}: a retriever plugin at scale, in this process, from its real plugin file. The
 * synthetic corpus ({@link SyntheticChunks}) is indexed through {@link KnowledgeIndex#upsert} in batches of 1,000, as
 * ingestion does; then {@code queries} queries (after 200 to warm up) measure hybrid retrieval (text and vector) and
 * text alone, top 5, and hybrid retrieval within one collection that holds 1 % of the chunks (the filter applied in
 * the retriever's engine, {@link io.corrigo.api.PassageFilter}); then {@link KnowledgeIndex#compact()} ends the bulk load and the queries run again. Reports
 * indexing time and CPU, index size on disk, heap after GC, segments (for an index kept in Lucene files), and the
 * latencies before and after compaction.
 *
 * @param chunks     how many chunks
 * @param retriever  the retriever's factory id
 * @param pluginsDir where its plugin file is
 * @param workDir    where the index is built (deleted afterwards), or {@code null} for a temporary directory
 * @param queries    measured queries per pass
 * @param out        where the JSON report goes, or {@code null}
 */
record RetrievalScale(int chunks, String retriever, Path pluginsDir, Path workDir, int queries, Path out) {

    private static final int BATCH = 1_000;
    private static final int TOP = 5;

    /** Runs it, printing the table to {@code out} and a progress bar to {@code progress}. @return the report */
    Map<String, Object> run(PrintStream print, PrintStream progress) throws Exception {
        PluginHost host = new PluginHost(pluginsDir, PluginApi.VERSION);
        Path dir = workDir != null ? Files.createDirectories(workDir) : Files.createTempDirectory("corrigo-scale-");
        try {
            FactoryHandle handle = host.factory(StageKind.RETRIEVER, retriever).orElseThrow(() -> new IllegalArgumentException(
                    "no started plugin in " + pluginsDir + " offers the retriever '" + retriever + "'"));
            PluginFactory<?> factory = handle.factory();
            SyntheticChunks corpus = new SyntheticChunks(42);
            Object instance = factory.create(new HostPluginContext("bench", dir, corpus, Clock.systemUTC()),
                    PluginConfig.resolve(factory.configProperties(), Map.of()));
            if (!(instance instanceof Retriever search) || !(instance instanceof KnowledgeIndex index)) {
                throw new IllegalArgumentException("'" + retriever + "' keeps no index of its own (it is no KnowledgeIndex)");
            }
            try {
                return measure(corpus, search, index, dir, handle, print, progress);
            } finally {
                if (instance instanceof AutoCloseable closeable) {
                    closeable.close();
                }
            }
        } finally {
            host.stop();
            if (workDir == null) {
                delete(dir);
            }
        }
    }

    private Map<String, Object> measure(SyntheticChunks corpus, Retriever search, KnowledgeIndex index, Path dir,
                                        FactoryHandle handle, PrintStream print, PrintStream progress) throws IOException {
        long start = System.nanoTime();
        long cpu = processCpuNanos();
        List<Passage> batch = new ArrayList<>(BATCH);
        for (int i = 0; i < chunks; i++) {
            batch.add(corpus.chunk(i));
            if (batch.size() == BATCH || i == chunks - 1) {
                index.upsert(batch);
                batch.clear();
                double seconds = (System.nanoTime() - start) / 1e9;
                BenchCommand.bar(progress, "indexing", (i + 1.0) / chunks, String.format(Locale.ROOT, "%,d chunks, %.0f/s", i + 1,
                        (i + 1) / Math.max(seconds, 1e-9)));
            }
        }
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("chunks", chunks);
        report.put("retriever", handle.pluginId() + " " + handle.pluginVersion() + " (" + retriever + ", defaults)");
        report.put("machine", Map.of("cores", Runtime.getRuntime().availableProcessors(),
                "java", System.getProperty("java.version"), "maxHeapMiB", Runtime.getRuntime().maxMemory() >> 20));
        report.put("indexingSeconds", (System.nanoTime() - start) / 1e9);
        report.put("indexingCpuSeconds", (processCpuNanos() - cpu) / 1e9);
        report.put("asLoaded", pass(corpus, search, dir, progress, "queries, as loaded"));

        BenchCommand.bar(progress, "compacting", 0, "");
        start = System.nanoTime();
        cpu = processCpuNanos();
        index.compact();
        report.put("compactionSeconds", (System.nanoTime() - start) / 1e9);
        report.put("compactionCpuSeconds", (processCpuNanos() - cpu) / 1e9);
        report.put("compacted", pass(corpus, search, dir, progress, "queries, compacted"));
        System.gc();
        report.put("heapAfterGcMiB", ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() >> 20);
        BenchCommand.clearBar(progress);
        print(report, print);
        if (out != null) {
            BenchCommand.writeReport(out, report);
            print.println("Report: " + out);
        }
        return report;
    }

    /** One pass of queries: latencies with a vector (hybrid) and without (text alone), and the index's size. */
    private Map<String, Object> pass(SyntheticChunks corpus, Retriever search, Path dir, PrintStream progress,
                                     String label) throws IOException {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 200; i++) {
            search.retrieve(corpus.query(random.nextInt(chunks)), TOP);
        }
        double[] hybrid = new double[queries];
        double[] text = new double[queries];
        double[] filtered = new double[queries];
        int found = 0;
        for (int i = 0; i < queries; i++) {
            Query query = corpus.query(random.nextInt(chunks));
            long t = System.nanoTime();
            search.retrieve(query, TOP);
            hybrid[i] = (System.nanoTime() - t) / 1e6;
            Query words = new Query(query.text(), null, null);
            t = System.nanoTime();
            search.retrieve(words, TOP);
            text[i] = (System.nanoTime() - t) / 1e6;
            int target = random.nextInt(chunks);
            Query scoped = corpus.query(target).withFilter(new io.corrigo.api.PassageFilter(
                    java.util.Set.of(SyntheticChunks.collection(target)), Map.of(), null, null, null));
            t = System.nanoTime();
            List<Passage> within = search.retrieve(scoped, TOP);
            filtered[i] = (System.nanoTime() - t) / 1e6;
            if (within.stream().anyMatch(p -> p.id().equals("chunk-" + target))) {
                found++;
            }
            if (i % 50 == 0) {
                BenchCommand.bar(progress, label, (i + 1.0) / queries, "");
            }
        }
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("hybrid", percentiles(hybrid));
        figures.put("textOnly", percentiles(text));
        figures.put("filtered1pc", percentiles(filtered));
        figures.put("filteredFound", (double) found / queries);
        figures.put("diskMiB", size(dir) >> 20);
        long segments = segments(dir);
        if (segments > 0) {
            figures.put("segments", segments);
        }
        return figures;
    }

    @SuppressWarnings("unchecked")
    private static void print(Map<String, Object> report, PrintStream print) {
        print.printf(Locale.ROOT, "Retrieval at scale: %,d synthetic chunks, %s%n", (Integer) report.get("chunks"),
                report.get("retriever"));
        print.printf(Locale.ROOT, "indexed in %.0f s (%.0f CPU-s); compacted in %.0f s (%.0f CPU-s); heap after GC %d MiB%n",
                (Double) report.get("indexingSeconds"), (Double) report.get("indexingCpuSeconds"),
                (Double) report.get("compactionSeconds"), (Double) report.get("compactionCpuSeconds"),
                (Long) report.get("heapAfterGcMiB"));
        print.printf("%-12s %30s %24s %30s %9s %9s%n", "", "hybrid p50 / p95 / p99 ms", "text alone p50 / p95 ms",
                "filtered 1 % p50 / p95 (found)", "disk MiB", "segments");
        for (String pass : List.of("asLoaded", "compacted")) {
            Map<String, Object> f = (Map<String, Object>) report.get(pass);
            Map<String, Double> h = (Map<String, Double>) f.get("hybrid");
            Map<String, Double> t = (Map<String, Double>) f.get("textOnly");
            Map<String, Double> s = (Map<String, Double>) f.get("filtered1pc");
            print.printf(Locale.ROOT, "%-12s %12.2f / %6.2f / %6.2f %15.2f / %6.2f %14.2f / %6.2f (%3.0f %%) %9d %9s%n",
                    pass.equals("asLoaded") ? "as loaded" : "compacted", h.get("p50"), h.get("p95"), h.get("p99"),
                    t.get("p50"), t.get("p95"), s.get("p50"), s.get("p95"), 100 * (Double) f.get("filteredFound"),
                    (Long) f.get("diskMiB"), f.getOrDefault("segments", "-"));
            print.printf(Locale.ROOT, "%-12s filtered p50 / hybrid p50 = %.2f%n", "", s.get("p50") / h.get("p50"));
        }
    }

    /** CPU time of the whole process (merges run in background threads). */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static long size(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    /** Lucene segments: one {@code .si} file each; 0 for an index that is not Lucene's. */
    private static long segments(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".si")).count();
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static Map<String, Double> percentiles(double[] millis) {
        Percentiles p = Percentiles.of(Arrays.stream(millis).boxed().toList());
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("p50", p.at(50));
        figures.put("p95", p.at(95));
        figures.put("p99", p.at(99));
        return figures;
    }
}

package io.corrigo.server.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.api.text.Sentences;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.knowledge.JobView;
import io.corrigo.server.tenant.TenantService;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Ingests the benchmark corpus (knowledge-base and web passages: the demo's two JSONL files) into a fresh tenant and
 * prints passages/s, strips/s, total time and peak heap. A benchmark: it asserts nothing. Run with
 * {@code ./mvnw verify -Dgroups=benchmark -Dbench.excluded= -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("benchmark")
@SpringBootTest
class IngestionBenchmark {

    private static final Path CORPUS = Path.of("src", "main", "resources", "demo");

    @Autowired
    TenantService tenants;
    @Autowired
    IngestionService ingestion;

    @DynamicPropertySource
    static void host(DynamicPropertyRegistry registry) throws Exception {
        Path data = Files.createTempDirectory(Path.of("target"), "ingest-bench").toAbsolutePath();
        registry.add("corrigo.data-dir", data::toString);
        registry.add("corrigo.plugins-dir", () -> Path.of("target", "plugins").toAbsolutePath().toString());
        registry.add("corrigo.demo.enabled", () -> "false");
    }

    @Test
    void print_ingestion_throughput_of_the_benchmark_corpus() throws Exception {
        List<IngestionService.Upload> uploads = new ArrayList<>();
        int passages = 0;
        int strips = 0;
        ObjectMapper json = new ObjectMapper();
        for (String file : List.of("kb_passages.jsonl", "web_passages.jsonl")) {
            byte[] content = Files.readAllBytes(CORPUS.resolve(file));
            uploads.add(new IngestionService.Upload(file, "application/jsonl", content));
            for (String line : new String(content, java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    passages++;
                    strips += Sentences.split(json.readTree(line).get("text").asText()).size();
                }
            }
        }
        tenants.create("ingest-bench", "Ingestion benchmark");
        ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);

        long start = System.nanoTime();
        JobView job = ingestion.submit("ingest-bench", uploads);
        job = ingestion.await("ingest-bench", job.id(), Duration.ofMinutes(30));
        double seconds = (System.nanoTime() - start) / 1e9;

        long peakHeap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP)
                .mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        String report = String.format(Locale.ROOT, "ingestion benchmark: %d cores, %s, %d passages (%d chunks), %d strips "
                        + "embedded%ntotal %.1f s | %.1f passages/s | %.1f strips/s | peak heap %d MiB | job %s",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), passages,
                job.chunksDone(), strips, seconds, passages / seconds, strips / seconds, peakHeap >> 20, job.state());
        Path out = Path.of("target", "benchmarks", "ingestion.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report + "\n");
        System.out.println(report);
    }
}

package io.corrigo.server.embedding;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Question embeddings with LangChain4j's MiniLM as it ships (a thread per core that spins between runs) against the
 * host's session ({@link MiniLmModel}: one thread, no spinning), at 1 client (with a 2 ms pause between questions,
 * as a client that reads its answers) and at 8 concurrent clients: latency, throughput and the process's CPU per
 * embedding. Figures to stdout and {@code platform/server/target/benchmarks/embedding-threads.txt}.
 */
@Tag("benchmark")
class EmbeddingThreadsBenchmark {

    private static final String[] QUESTIONS = {"What is the function of insulin and where is it produced?",
            "How is the hepatitis C virus transmitted between people?", "Which year did the first case of MERS appear?",
            "What are the symptoms of COVID-19 in children under five?"};

    @Test
    void compare() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int clients : new int[] {1, 8}) {
            lines.add(measure("langchain4j as shipped", new AllMiniLmL6V2QuantizedEmbeddingModel(), clients));
            lines.add(measure("host session (1 thread, no spin)", new MiniLmModel(1), clients));
            lines.add(measure("host session (2 threads, no spin)", new MiniLmModel(2), clients));
        }
        lines.forEach(System.out::println);
        Path out = Path.of("target", "benchmarks", "embedding-threads.txt");
        Files.createDirectories(out.getParent());
        Files.write(out, lines);
    }

    private static String measure(String name, EmbeddingModel model, int clients) throws Exception {
        for (int i = 0; i < 300; i++) {
            model.embed(QUESTIONS[i % QUESTIONS.length] + " " + i);
        }
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        int n = 2000;
        long[] latencies = new long[n];
        long cpu = os.getProcessCpuTime();
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<?>> running = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int first = c;
            running.add(pool.submit(() -> {
                for (int i = first; i < n; i += clients) {
                    long t = System.nanoTime();
                    model.embed(QUESTIONS[i % QUESTIONS.length] + " " + i);
                    latencies[i] = System.nanoTime() - t;
                    if (clients == 1) {
                        pause();
                    }
                }
            }));
        }
        for (Future<?> f : running) {
            f.get();
        }
        pool.shutdown();
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuMillis = (os.getProcessCpuTime() - cpu) / 1e6 / n;
        Arrays.sort(latencies);
        return String.format(Locale.ROOT, "%-36s %d client(s): p50 %.2f ms, p95 %.2f ms, %.0f embeddings/s, CPU %.2f ms each",
                name, clients, latencies[n / 2] / 1e6, latencies[n * 95 / 100] / 1e6, n / seconds, cpuMillis);
    }

    private static void pause() {
        try {
            Thread.sleep(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

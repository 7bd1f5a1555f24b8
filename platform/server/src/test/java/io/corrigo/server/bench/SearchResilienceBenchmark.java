package io.corrigo.server.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import io.corrigo.server.HostTestBase;
import io.corrigo.server.Percentiles;
import io.corrigo.server.resilience.ResilienceSettings;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * Prints query latency with the web fallback healthy, hung (breaker kept closed) and with the breaker open.
 * A benchmark, not a test: it asserts nothing. Run it with
 * {@code ./mvnw verify -Dgroups=benchmark -Dbench.excluded= -Dsurefire.failIfNoSpecifiedTests=false}; figures go
 * to stdout and to {@code platform/server/target/benchmarks/search-resilience.txt}.
 */
@Tag("benchmark")
@TestPropertySource(properties = "corrigo.demo.enabled=false")
class SearchResilienceBenchmark extends HostTestBase {

    private static final int TIMEOUT_MS = 200;
    private static final String RESULTS = """
            {"results":[{"title":"Insulin","url":"https://example.test/insulin","score":0.9,
              "content":"Insulin is a peptide hormone produced by the beta cells of the pancreatic islets."}]}""";

    private volatile String mode = "healthy";

    @Test
    void print_query_latency_with_a_healthy_a_hung_and_a_broken_provider() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r);
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/search", exchange -> {
            exchange.getRequestBody().readAllBytes();
            int status = 200;
            if (mode.equals("hung")) {
                try {
                    Thread.sleep(5_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            } else if (mode.equals("failing")) {
                status = 500;
            }
            byte[] out = RESULTS.getBytes(StandardCharsets.UTF_8);
            try {
                exchange.sendResponseHeaders(status, out.length);
                try (OutputStream os = exchange.getResponseBody()) {
                    os.write(out);
                }
            } catch (java.io.IOException gone) {
                // the caller gave up
            }
        });
        server.start();
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "search resilience benchmark: %d cores, timeout %d ms, sequential queries over HTTP",
                Runtime.getRuntime().availableProcessors(), TIMEOUT_MS));
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort();
            // the breaker never opens here (minimum calls above the run length): hung calls all run into the timeout
            String closed = tenant("bench-closed", url, 1000);
            mode = "healthy";
            measure(closed, 20, null);
            lines.add(measure(closed, 200, "healthy provider"));
            mode = "hung";
            lines.add(measure(closed, 50, "hung provider, breaker closed"));
            // a breaker that opens after 5 failures and stays open
            String open = tenant("bench-open", url, 5);
            mode = "failing";
            measure(open, 5, null);
            lines.add(measure(open, 200, "breaker open"));
        } finally {
            server.stop(0);
        }
        Path out = Path.of("target", "benchmarks", "search-resilience.txt");
        Files.createDirectories(out.getParent());
        Files.write(out, lines);
        lines.forEach(System.out::println);
    }

    private String tenant(String id, String url, int minimumCalls) {
        postJson("/api/v1/tenants", Map.of("id", id, "name", id));
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/" + id + "/pipeline").body().get("definition");
        ((ObjectNode) definition.get("stages")).set("search", JSON.valueToTree(Map.of("factoryId", "tavily-search",
                "properties", Map.of("apiKey", "k", "baseUrl", url))));
        // one attempt, no retry; the breaker judges after minimumCalls and then stays open
        definition.set("resilience", JSON.valueToTree(
                new ResilienceSettings(TIMEOUT_MS, 1, 0, 50, 60_000, 100, 1000, minimumCalls, 3_600_000, 1, 64, 10_000)));
        Reply saved = putJson("/api/v1/tenants/" + id + "/pipeline", definition);
        if (saved.status() != 200) {
            throw new IllegalStateException("benchmark tenant not configured: " + saved.body());
        }
        return id;
    }

    private String measure(String tenant, int n, String label) {
        List<Double> endToEnd = new ArrayList<>();
        List<Double> search = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long start = System.nanoTime();
            Reply reply = ask(tenant, "Where is insulin produced in the body?");
            endToEnd.add((System.nanoTime() - start) / 1e6);
            JsonNode trace = get(reply.body().get("traceUrl").asText()).body().get("trace");
            for (JsonNode t : trace.get("timings")) {
                if (t.get("stage").asText().equals("CORRECT")) {
                    search.add(t.get("millis").asDouble());
                }
            }
        }
        return label == null ? null : String.format(Locale.ROOT,
                "%-32s n=%3d  end-to-end p50 %7.1f ms  p99 %7.1f ms | search stage p50 %7.2f ms  p99 %7.2f ms",
                label, n, Percentiles.of(endToEnd).at(50), Percentiles.of(endToEnd).at(99), Percentiles.of(search).at(50),
                Percentiles.of(search).at(99));
    }
}

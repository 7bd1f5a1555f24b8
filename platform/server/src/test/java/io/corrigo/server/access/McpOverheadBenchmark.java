package io.corrigo.server.access;

import io.corrigo.server.HostTestBase;
import io.corrigo.server.Percentiles;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What the MCP server adds to a question: the same question asked {@value #ROUNDS} times through {@code POST
 * /api/v1/tenants/{t}/query} and through the MCP {@code ask} tool ({@code tools/call} over Streamable HTTP with a
 * secret key), alternating, after a warm-up; prints the p50 and p95 of each and the difference. A benchmark: it
 * asserts nothing. Run with {@code ./mvnw verify -pl platform/server -Dgroups=benchmark -Dbench.excluded=
 * -Dtest=McpOverheadBenchmark}.
 */
@Tag("benchmark")
class McpOverheadBenchmark extends HostTestBase {

    private static final int ROUNDS = 200;
    private static final String QUESTION = "How many days of paid time off do full-time employees get?";

    @Test
    void print_what_mcp_adds_to_a_question() throws Exception {
        signInAsAdmin();
        postJson("/api/v1/tenants", Map.of("id", "mcp-bench", "name", "MCP bench"));
        uploadAndWait("/api/v1/tenants/mcp-bench/documents", "leave.md", ("# Leave\n\nFull-time employees receive 25 days "
                + "of paid time off each year.\nPart-time staff receive paid time off pro rata.\n").getBytes(StandardCharsets.UTF_8));
        putJson("/api/v1/tenants/mcp-bench/widget", Map.of("title", "Help", "greeting", "Hi", "placeholder", "Ask",
                "color", "#123456", "requestsPerMinute", 10_000, "queriesPerDay", 1_000_000));
        // the demo tenant indexes its corpus at start: measured after, not beside it
        io.corrigo.testsupport.Eventually.until(() -> java.util.stream.StreamSupport.stream(
                get("/api/v1/tenants/demo/jobs").body().spliterator(), false).allMatch(j -> j.get("state").asText().equals("DONE")
                        || j.get("state").asText().equals("FAILED")), java.time.Duration.ofMinutes(5), "the demo corpus indexed");
        String key = postJson("/api/v1/tenants/mcp-bench/keys", Map.of("kind", "SECRET", "name", "bench")).body()
                .get("value").asText();
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest query = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/tenants/mcp-bench/query"))
                .header("Authorization", adminAuthorization()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("question", QUESTION)))).build();
        HttpRequest mcp = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/mcp"))
                .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("jsonrpc", "2.0", "id", 1,
                        "method", "tools/call", "params", Map.of("name", "ask", "arguments", Map.of("question", QUESTION))))))
                .build();
        for (int i = 0; i < 30; i++) {
            check(http.send(query, HttpResponse.BodyHandlers.ofString()));
            check(http.send(mcp, HttpResponse.BodyHandlers.ofString()));
        }
        List<Double> viaQuery = new ArrayList<>();
        List<Double> viaMcp = new ArrayList<>();
        for (int i = 0; i < ROUNDS; i++) {
            long a = System.nanoTime();
            check(http.send(query, HttpResponse.BodyHandlers.ofString()));
            viaQuery.add((System.nanoTime() - a) / 1e6);
            long b = System.nanoTime();
            check(http.send(mcp, HttpResponse.BodyHandlers.ofString()));
            viaMcp.add((System.nanoTime() - b) / 1e6);
        }
        Percentiles q = Percentiles.of(viaQuery);
        Percentiles m = Percentiles.of(viaMcp);
        String report = String.format(Locale.ROOT, "MCP ask vs /query, %d rounds each, %d cores, JDK %s%n"
                        + "  /query   p50 %.2f ms  p95 %.2f ms%n  MCP ask  p50 %.2f ms  p95 %.2f ms%n  MCP adds p50 %+.2f ms%n",
                ROUNDS, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                q.at(0.5), q.at(0.95), m.at(0.5), m.at(0.95), m.at(0.5) - q.at(0.5));
        System.out.print(report);
        Files.createDirectories(Path.of("target", "benchmarks"));
        Files.writeString(Path.of("target", "benchmarks", "mcp-overhead.txt"), report);
    }

    private static void check(HttpResponse<String> response) {
        if (response.statusCode() != 200 || !response.body().contains("25 days")) {
            throw new IllegalStateException(response.statusCode() + " " + response.body());
        }
    }
}

package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.testsupport.EndlessServer;
import io.corrigo.testsupport.Eventually;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Endless and 2 GiB answers from a real server on 127.0.0.1 through the website connector, the S3 connector (the S3
 * REST protocol, path style) and a web-search provider (SearXNG's JSON API), in the host: each is read up to its limit
 * and no further, recorded as too large, and the host's heap stays flat and its health check answers all along.
 */
class BoundedReadingTest extends HostTestBase {

    /** More than any reader's limit (10, 25 and 4 MiB) and its transport's buffers; far less than 2 GiB. */
    private static final long MOST_SENT = 160L * 1024 * 1024;
    /** What the host's heap may grow by while one of these is read: the readers keep at most 25 MiB each. */
    private static final long MOST_HEAP_GROWTH = 400L * 1024 * 1024;

    private String tenant(String id) {
        signInAsAdmin();
        postJson("/api/v1/tenants", Map.of("id", id, "name", id));
        return id;
    }

    @Test
    void should_stop_a_website_crawl_at_the_limit_of_an_endless_and_a_2_gib_page__and_index_the_rest() throws Exception {
        try (EndlessServer server = new EndlessServer()) {
            String t = tenant("endless-site");
            Reply created = postJson("/api/v1/tenants/" + t + "/connectors", Map.of("name", "site", "factoryId", "website",
                    "properties", Map.of("startUrl", server.url() + "/", "requestsPerSecond", "50")));
            assertThat(created.status()).as(created.body().toString()).isEqualTo(201);

            JsonNode done = watched(server, () -> synced(t, created.body().get("id").asText()));

            assertThat(done.get("lastOutcome").asText()).as(done.toString()).isEqualTo("PARTIAL");
            assertThat(done.get("lastSync").get("failed").asInt()).isEqualTo(2);
            assertThat(done.get("lastError").asText()).contains(server.url() + "/endless is larger than 10 MiB")
                    .contains(server.url() + "/huge is larger than 10 MiB");
            assertThat(done.get("lastSync").get("indexed").asInt()).as("the start page and /fine").isEqualTo(2);
        }
    }

    @Test
    void should_stop_an_s3_object_that_is_endless_or_2_gib_at_the_limit() throws Exception {
        try (EndlessServer server = new EndlessServer()) {
            String t = tenant("endless-bucket");
            Reply created = postJson("/api/v1/tenants/" + t + "/connectors", Map.of("name", "bucket", "factoryId", "s3",
                    "properties", Map.of("bucket", "big", "endpoint", server.url(), "accessKeyId", "k",
                            "secretAccessKey", "s", "include", ".txt")));
            assertThat(created.status()).as(created.body().toString()).isEqualTo(201);

            JsonNode done = watched(server, () -> synced(t, created.body().get("id").asText()));

            assertThat(done.get("lastOutcome").asText()).as(done.toString()).isEqualTo("PARTIAL");
            assertThat(done.get("lastSync").get("listed").asInt()).isEqualTo(2);
            assertThat(done.get("lastSync").get("failed").asInt()).isEqualTo(2);
            assertThat(done.get("lastError").asText()).contains("s3://big/endless.txt is larger than 25 MiB")
                    .contains("s3://big/huge.txt is larger than 25 MiB");
        }
    }

    @Test
    void should_answer_without_a_web_search_whose_answer_never_ends() throws Exception {
        try (EndlessServer server = new EndlessServer()) {
            String t = tenant("endless-search");
            ObjectNode definition = (ObjectNode) get("/api/v1/tenants/" + t + "/pipeline").body().get("definition");
            ((ObjectNode) definition.get("stages")).set("search", JSON.valueToTree(Map.of("factoryId", "searxng-search",
                    "properties", Map.of("baseUrl", server.url()))));
            Reply saved = putJson("/api/v1/tenants/" + t + "/pipeline", definition);
            assertThat(saved.status()).as(saved.body().toString()).isEqualTo(200);

            Reply answer = watched(server, () -> postJson("/api/v1/tenants/" + t + "/query",
                    Map.of("question", "When does the visitor car park open?")));

            assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
            JsonNode run = get("/api/v1/tenants/" + t + "/runs/" + answer.body().get("runId").asText()).body();
            assertThat(run.toString()).as("the trace names the refused search").contains("larger than 4 MiB");
        }
    }

    /** The sync, when it ended and what it sent is indexed. */
    private JsonNode synced(String t, String id) {
        Reply started = postJson("/api/v1/tenants/" + t + "/connectors/" + id + "/sync", Map.of());
        assertThat(started.status()).as(started.body().toString()).isEqualTo(202);
        JsonNode done = Eventually.until(() -> get("/api/v1/tenants/" + t + "/connectors/" + id).body(),
                c -> "IDLE".equals(c.get("state").asText()) && c.hasNonNull("lastFinishedAt"), Duration.ofMinutes(3));
        Eventually.until(() -> get("/api/v1/tenants/" + t + "/documents").body(),
                d -> java.util.stream.StreamSupport.stream(d.spliterator(), false)
                        .allMatch(x -> x.get("status").asText().equals("INDEXED")), Duration.ofMinutes(2));
        return done;
    }

    /**
     * Runs {@code work} while another thread asks the host's health check every 200 ms and samples its heap; then
     * checks that the server sent little, the heap did not grow by more than {@link #MOST_HEAP_GROWTH}, and every
     * health check answered UP within 5 s, during and after.
     */
    private <T> T watched(EndlessServer server, Supplier<T> work) throws Exception {
        Runtime runtime = Runtime.getRuntime();
        System.gc();
        long before = runtime.totalMemory() - runtime.freeMemory();
        AtomicLong peak = new AtomicLong(before);
        List<String> unhealthy = new CopyOnWriteArrayList<>();
        AtomicBoolean watching = new AtomicBoolean(true);
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest health = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/health"))
                .timeout(Duration.ofSeconds(5)).build();
        AtomicLong checks = new AtomicLong();
        Thread watcher = new Thread(() -> {
            while (watching.get()) {
                peak.accumulateAndGet(runtime.totalMemory() - runtime.freeMemory(), Math::max);
                try {
                    HttpResponse<String> reply = http.send(health, HttpResponse.BodyHandlers.ofString());
                    checks.incrementAndGet();
                    if (reply.statusCode() != 200 || !reply.body().contains("UP")) {
                        unhealthy.add(reply.statusCode() + " " + reply.body());
                    }
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    return;
                } catch (Exception e) {
                    unhealthy.add(e.toString());
                }
            }
        }, "health-watcher");
        watcher.start();
        T result;
        try {
            result = work.get();
        } finally {
            watching.set(false);
            watcher.join(10_000);
        }
        System.gc();
        long after = runtime.totalMemory() - runtime.freeMemory();
        System.out.printf("Bounded reading: the server sent %d MiB; heap %d MiB before, peak +%d MiB, +%d MiB after; "
                        + "%d health checks, %d failed%n", server.sent() >> 20, before >> 20, (peak.get() - before) >> 20,
                (after - before) >> 20, checks.get(), unhealthy.size());
        assertThat(server.sent()).as("bytes the server sent before the readers hung up").isLessThan(MOST_SENT);
        assertThat(peak.get() - before).as("heap growth while reading (before %d MiB)", before >> 20)
                .isLessThan(MOST_HEAP_GROWTH);
        assertThat(after - before).as("heap kept after reading").isLessThan(MOST_HEAP_GROWTH / 2);
        assertThat(checks.get()).as("health checks answered during the reads").isPositive();
        assertThat(unhealthy).as("health checks that failed").isEmpty();
        assertThat(http.send(health, HttpResponse.BodyHandlers.ofString()).body()).contains("UP");
        return result;
    }
}

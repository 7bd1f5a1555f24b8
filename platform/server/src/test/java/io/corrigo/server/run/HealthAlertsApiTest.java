package io.corrigo.server.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.corrigo.server.HostTestBase;
import io.corrigo.server.health.Webhooks;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A tenant whose web-fallback rate crosses its band over the watch window: the check records an alert once (not
 * again while the level stays), delivers it to the tenant's webhook on a receiver on 127.0.0.1 signed with the
 * tenant's secret, tries again after the receiver's 500, and logs both attempts; a recovery to a lower level is an
 * alert too. A webhook to a refused address or without a secret is refused.
 */
class HealthAlertsApiTest extends HostTestBase {

    private static final String SECRET = "a-long-enough-signing-secret";

    @Autowired
    RunWriter writer;

    private HttpServer receiver;
    private final List<String[]> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger calls = new AtomicInteger();

    @BeforeEach
    void startReceiver() throws IOException {
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/hooks/corrigo", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            received.add(new String[] {exchange.getRequestHeaders().getFirst("X-Corrigo-Signature"), body});
            calls.incrementAndGet();
            // the first attempt of every delivery fails
            int status = exchange.getRequestHeaders().getFirst("X-Corrigo-Delivery").endsWith("-1") ? 500 : 200;
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        receiver.start();
    }

    @AfterEach
    void stopReceiver() {
        receiver.stop(0);
    }

    private void seed(String tenant, int runs, boolean fallback) {
        seed(tenant, runs, fallback, "api", null);
    }

    private void seed(String tenant, int runs, boolean fallback, String channel, String feedback) {
        for (int i = 0; i < runs; i++) {
            RunRecord r = new RunRecord();
            r.id = UUID.randomUUID().toString();
            r.tenantId = tenant;
            r.pipelineVersion = 1;
            r.question = "Question " + i + "?";
            r.mode = "CORRECTIVE";
            r.action = fallback ? "INCORRECT" : "CORRECT";
            r.fallback = fallback;
            r.answer = "An answer.";
            r.totalMillis = 20;
            r.createdAt = Instant.now().minusSeconds(60);
            r.trace = "{}";
            r.channel = channel;
            r.feedback = feedback;
            writer.write(r);
        }
        writer.awaitAll();
    }

    @Test
    void should_alert_once_when_a_band_is_crossed_and_deliver_it_signed_with_a_retry_after_a_500() {
        String tenant = "alerts-" + UUID.randomUUID().toString().substring(0, 8);
        assertThat(postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant)).status()).isEqualTo(201);
        String url = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hooks/corrigo";
        Reply hook = putJson("/api/v1/tenants/" + tenant + "/webhook", Map.of("url", url, "secret", SECRET));
        assertThat(hook.status()).as(hook.body().toString()).isEqualTo(200);
        assertThat(hook.body().toString()).doesNotContain(SECRET);

        // too few runs in the window: no verdict yet
        seed(tenant, 5, true);
        assertThat(postJson("/api/v1/tenants/" + tenant + "/health/check", Map.of()).body()).isEmpty();

        // 25 runs, all searched the web: fallback rate 100 %, above its alert threshold (50 %)
        seed(tenant, 20, true);
        JsonNode fallback = checkedFallback(tenant);
        assertThat(fallback).isNotNull();
        assertThat(fallback.get("level").asText()).isEqualTo("ALERT");
        assertThat(fallback.get("previous").asText()).isEqualTo("OK");
        assertThat(fallback.get("value").asDouble()).isEqualTo(1.0);
        assertThat(fallback.get("threshold").asDouble()).isEqualTo(0.5);
        assertThat(fallback.get("message").asText()).contains("fallbackRate rose to 100 %", "above its alert threshold 50 %");
        long alertId = fallback.get("id").asLong();

        // the same level again: nothing new
        assertThat(postJson("/api/v1/tenants/" + tenant + "/health/check", Map.of()).body().findValuesAsText("metric"))
                .doesNotContain("fallbackRate");
        assertThat(get("/api/v1/tenants/" + tenant + "/alerts").body().findValuesAsText("metric")).contains("fallbackRate");

        // delivered: the receiver answered 500, then 200 to the retry; both attempts are logged
        Awaitility.await().atMost(Duration.ofSeconds(15)).until(() -> deliveriesOf(tenant, alertId).size() >= 2
                && deliveriesOf(tenant, alertId).stream().anyMatch(d -> d.get("delivered").asBoolean()));
        List<JsonNode> attempts = deliveriesOf(tenant, alertId);
        assertThat(attempts).extracting(d -> d.get("statusCode").asInt()).contains(500, 200);
        assertThat(attempts).filteredOn(d -> d.get("statusCode").asInt() == 500).singleElement()
                .satisfies(d -> assertThat(d.get("attempt").asInt()).isEqualTo(1));
        String[] delivery = received.stream().filter(r -> r[1].contains("\"id\":" + alertId)).reduce((a, b) -> b).orElseThrow();
        String signature = delivery[0];
        String t = signature.substring(2, signature.indexOf(','));
        String v1 = signature.substring(signature.indexOf("v1=") + 3);
        assertThat(v1).as("the receiver can check who sent it").isEqualTo(Webhooks.sign(SECRET, t + "." + delivery[1]));
        assertThat(v1).isNotEqualTo(Webhooks.sign("another-secret-entirely", t + "." + delivery[1]));
        assertThat(delivery[1]).contains("\"type\":\"health.alert\"", "\"tenant\":\"" + tenant + "\"");

        // 40 more runs without the fallback: 25 of 65 (38 %) is above the warning threshold only
        seed(tenant, 40, false);
        JsonNode better = checkedFallback(tenant);
        assertThat(better.get("id").asLong()).isGreaterThan(alertId);
        assertThat(better.get("level").asText()).isEqualTo("WARN");
        assertThat(better.get("previous").asText()).isEqualTo("ALERT");
    }

    /**
     * The newest fallback-rate alert after a check now: the one the check recorded, or the one the host's minute watch
     * recorded a moment before it (the watch runs in this host too, and a change of level is recorded once).
     */
    private JsonNode checkedFallback(String tenant) {
        postJson("/api/v1/tenants/" + tenant + "/health/check", Map.of());
        for (JsonNode a : get("/api/v1/tenants/" + tenant + "/alerts").body()) { // newest first
            if (a.get("metric").asText().equals("fallbackRate")) {
                return a;
            }
        }
        return null;
    }

    private List<JsonNode> deliveriesOf(String tenant, long alertId) {
        List<JsonNode> found = new java.util.ArrayList<>();
        get("/api/v1/tenants/" + tenant + "/webhook/deliveries").body().forEach(d -> {
            if (d.get("alertId").asLong() == alertId) {
                found.add(d);
            }
        });
        return found;
    }

    @Test
    void should_count_the_runs_the_cards_count__and_wait_for_enough_ratings_before_judging_the_helpful_rate() {
        String tenant = "sample-" + UUID.randomUUID().toString().substring(0, 8);
        assertThat(postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant)).status()).isEqualTo(201);

        // an admin's 30 playground trials, all searching the web: not what users got, so no verdict
        seed(tenant, 30, true, "playground", null);
        assertThat(checkedFallback(tenant)).as("playground trials alone").isNull();

        // 25 users' runs, one of them rated not helpful: the fallback rate is judged, the helpful rate is not (1 rating)
        seed(tenant, 24, false, "widget", null);
        seed(tenant, 1, false, "widget", "not_helpful");
        postJson("/api/v1/tenants/" + tenant + "/health/check", Map.of());
        List<String> metrics = get("/api/v1/tenants/" + tenant + "/alerts").body().findValuesAsText("metric");
        assertThat(metrics).as("25 users' runs, none searched the web").doesNotContain("fallbackRate")
                .as("one rating is no helpful rate").doesNotContain("helpfulRate");
    }

    @Test
    void should_refuse_a_webhook_without_a_secret_or_to_an_address_the_host_may_not_call() {
        String tenant = "hooks-" + UUID.randomUUID().toString().substring(0, 8);
        assertThat(postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant)).status()).isEqualTo(201);
        assertThat(putJson("/api/v1/tenants/" + tenant + "/webhook", Map.of("url", "http://127.0.0.1:9/x")).status())
                .as("a new webhook needs a secret").isEqualTo(400);
        assertThat(putJson("/api/v1/tenants/" + tenant + "/webhook", Map.of("url", "http://127.0.0.1:9/x", "secret", "short"))
                .status()).isEqualTo(400);
        assertThat(putJson("/api/v1/tenants/" + tenant + "/webhook", Map.of("url", "ftp://127.0.0.1/x", "secret", SECRET))
                .status()).isEqualTo(400);
        Reply internal = putJson("/api/v1/tenants/" + tenant + "/webhook", Map.of("url", "http://127.0.0.2:9/hook", "secret", SECRET));
        assertThat(internal.status()).isEqualTo(400);
        assertThat(internal.body().toString()).contains("may not call");
        assertThat(get("/api/v1/tenants/" + tenant + "/webhook").status()).isEqualTo(404);
    }
}

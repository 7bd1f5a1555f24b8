package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/** The chat widget's endpoints: key, origin and rate-limit matrix; SSE answers; feedback on the key's tenant only. */
class PublicApiTest extends HostTestBase {

    private static final String ORIGIN = "https://shop.example.com";
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @Autowired
    JdbcTemplate jdbc;

    private record Raw(int status, String body, HttpResponse<String> response) {
        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new IllegalStateException(body, e);
            }
        }
    }

    private String publishableKey(String tenant, String... origins) {
        if (get("/api/v1/tenants/" + tenant).status() == 404) {
            assertThat(postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant)).status()).isEqualTo(201);
        }
        Reply key = postJson("/api/v1/tenants/" + tenant + "/keys", Map.of("kind", "PUBLISHABLE", "name", "site",
                "allowedOrigins", List.of(origins)));
        assertThat(key.status()).isEqualTo(201);
        return key.body().get("value").asText();
    }

    private Raw call(String method, String path, String key, String origin, String body, String accept) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path
                + (key == null ? "" : (path.contains("?") ? "&" : "?") + "key=" + key)));
        if (origin != null) {
            request.header("Origin", origin);
        }
        if (accept != null) {
            request.header("Accept", accept);
        }
        request.header("Content-Type", "application/json");
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Raw(response.statusCode(), response.body(), response);
    }

    private Raw ask(String key, String origin, String question) throws Exception {
        return call("POST", "/public/v1/ask", key, origin, JSON.writeValueAsString(Map.of("question", question)), null);
    }

    @Test
    void should_answer_through_a_publishable_key_from_an_allowed_origin__with_cors_for_that_origin_only() throws Exception {
        String key = publishableKey("demo", ORIGIN);

        Raw answer = ask(key, ORIGIN, "What is the Hepatitis C virus?");
        Raw preflight = call("OPTIONS", "/public/v1/ask", key, ORIGIN, null, null);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.response().headers().firstValue("Access-Control-Allow-Origin")).hasValue(ORIGIN);
        assertThat(answer.json().get("answer").asText()).containsIgnoringCase("hepatitis");
        assertThat(answer.json().get("citations").size()).isPositive();
        assertThat(answer.json().has("trace")).isFalse();
        assertThat(preflight.status()).isEqualTo(204);
        assertThat(preflight.response().headers().firstValue("Access-Control-Allow-Methods")).hasValueSatisfying(v -> assertThat(v).contains("POST"));
    }

    @Test
    void should_stream_the_answer_as_server_sent_events() throws Exception {
        String key = publishableKey("demo", ORIGIN);

        Raw stream = call("POST", "/public/v1/ask", key, ORIGIN,
                JSON.writeValueAsString(Map.of("question", "What is the Hepatitis C virus?")), "text/event-stream");

        assertThat(stream.status()).isEqualTo(200);
        assertThat(stream.response().headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/event-stream"));
        List<String> events = List.of(stream.body().split("\n\n"));
        assertThat(events.get(0)).startsWith("event: run");
        assertThat(events.get(events.size() - 1)).startsWith("event: done");
        StringBuilder streamed = new StringBuilder();
        events.stream().filter(e -> e.startsWith("event: delta")).forEach(e -> {
            try {
                streamed.append(JSON.readTree(e.substring(e.indexOf("data: ") + 6)).get("text").asText());
            } catch (IOException ex) {
                throw new IllegalStateException(ex);
            }
        });
        JsonNode done = JSON.readTree(events.get(events.size() - 1).substring(events.get(events.size() - 1).indexOf("data: ") + 6));
        assertThat(streamed.toString()).isEqualTo(done.get("answer").asText());
    }

    @Test
    void should_refuse_wrong_revoked_secret_and_missing_keys_and_disallowed_origins__leaking_nothing() throws Exception {
        String key = publishableKey("demo", ORIGIN);
        String revoked = publishableKey("demo", ORIGIN);
        String revokedId = JSON.readTree(get("/api/v1/tenants/demo/keys").body().toString()).get(0).get("id").asText();
        assertThat(delete("/api/v1/tenants/demo/keys/" + revokedId).status()).isEqualTo(200);
        Reply secret = postJson("/api/v1/tenants/demo/keys", Map.of("kind", "SECRET", "name", "backend"));
        get("/api/v1/tenants/demo/runs?size=1"); // reading the run log waits for the runs still queued for writing
        long runsBefore = jdbc.queryForObject("SELECT COUNT(*) FROM run", Long.class);

        Raw missing = ask(null, ORIGIN, "What is the Hepatitis C virus?");
        Raw wrong = ask("pk_" + "x".repeat(32), ORIGIN, "What is the Hepatitis C virus?");
        Raw revokedKey = ask(revoked, ORIGIN, "What is the Hepatitis C virus?");
        Raw secretKey = ask(secret.body().get("value").asText(), ORIGIN, "What is the Hepatitis C virus?");
        Raw otherOrigin = ask(key, "https://evil.example.net", "What is the Hepatitis C virus?");
        Raw noOrigin = ask(key, null, "What is the Hepatitis C virus?");
        Raw otherOriginPreflight = call("OPTIONS", "/public/v1/ask", key, "https://evil.example.net", null, null);

        assertThat(missing.status()).isEqualTo(401);
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(revokedKey.status()).isEqualTo(401);
        assertThat(secretKey.status()).isEqualTo(401);
        assertThat(otherOrigin.status()).isEqualTo(403);
        assertThat(otherOrigin.json().get("code").asText()).isEqualTo("origin_not_allowed");
        assertThat(otherOrigin.response().headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
        assertThat(noOrigin.status()).isEqualTo(403);
        assertThat(otherOriginPreflight.status()).isEqualTo(403);
        for (Raw refused : List.of(missing, wrong, revokedKey, secretKey, otherOrigin, noOrigin)) {
            assertThat(refused.body()).doesNotContain("demo").doesNotContain("Hepatitis");
        }
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM run", Long.class)).isEqualTo(runsBefore);
        assertThat(jdbc.queryForList("SELECT key_hash FROM api_key", String.class)).noneMatch(h -> h.startsWith("pk_") || h.startsWith("sk_"));
    }

    @Test
    void should_let_a_key_rate_only_the_runs_it_asked() throws Exception {
        String demoKey = publishableKey("demo", ORIGIN);
        String otherKey = publishableKey("pub-other", ORIGIN);
        String sameTenantKey = publishableKey("demo", ORIGIN);
        String runId = ask(demoKey, ORIGIN, "What is the Hepatitis C virus?").json().get("runId").asText();

        Raw foreign = call("POST", "/public/v1/runs/" + runId + "/feedback", otherKey, ORIGIN, "{\"rating\":\"not_helpful\"}", null);
        Raw sibling = call("POST", "/public/v1/runs/" + runId + "/feedback", sameTenantKey, ORIGIN,
                "{\"rating\":\"not_helpful\"}", null);
        assertThat(sibling.status()).as("another key of the same tenant").isEqualTo(404);
        Raw own = call("POST", "/public/v1/runs/" + runId + "/feedback", demoKey, ORIGIN,
                "{\"rating\":\"helpful\",\"comment\":\"clear\"}", null);
        Raw trace = call("GET", "/api/v1/tenants/demo/runs/" + runId, demoKey, ORIGIN, null, null);

        assertThat(foreign.status()).isEqualTo(404);
        assertThat(own.status()).isEqualTo(204);
        assertThat(get("/api/v1/tenants/demo/runs/" + runId).body().get("feedback").get("rating").asText()).isEqualTo("helpful");
        assertThat(trace.status()).isEqualTo(401); // a publishable key opens nothing of the admin API
    }

    @Test
    void should_answer_429_with_retry_after_over_the_tenant_s_limit() throws Exception {
        String key = publishableKey("pub-limited", ORIGIN);
        Reply limits = putJson("/api/v1/tenants/pub-limited/widget", Map.of("title", "Help", "greeting", "Hi",
                "placeholder", "Ask", "color", "#123456", "requestsPerMinute", 3, "queriesPerDay", 1000));
        assertThat(limits.status()).isEqualTo(200);

        List<Integer> statuses = new java.util.ArrayList<>();
        Raw last = null;
        for (int i = 0; i < 5; i++) {
            last = call("GET", "/public/v1/widget", key, ORIGIN, null, null);
            statuses.add(last.status());
        }

        assertThat(statuses).containsExactly(200, 200, 200, 429, 429);
        assertThat(last.json().get("code").asText()).isEqualTo("rate_limited");
        // sliding window of a minute, limit 3: room again at most a minute and a third of the next one from now (all
        // three requests in this minute), sooner when some fell in the previous minute
        assertThat(Integer.parseInt(last.response().headers().firstValue("Retry-After").orElseThrow())).isBetween(1, 80);
    }

    @Test
    void should_validate_keys_and_widget_settings() {
        publishableKey("demo", ORIGIN);
        Reply noOrigin = postJson("/api/v1/tenants/demo/keys", Map.of("kind", "PUBLISHABLE", "name", "site", "allowedOrigins", List.of()));
        Reply badOrigin = postJson("/api/v1/tenants/demo/keys", Map.of("kind", "PUBLISHABLE", "name", "site",
                "allowedOrigins", List.of("shop.example.com/path")));
        Reply badWidget = putJson("/api/v1/tenants/demo/widget", Map.of("title", "", "greeting", "Hi", "placeholder", "Ask",
                "color", "blue", "requestsPerMinute", 0, "queriesPerDay", 10));

        assertThat(noOrigin.status()).isEqualTo(400);
        assertThat(badOrigin.status()).isEqualTo(400);
        assertThat(badOrigin.body().get("details").toString()).contains("shop.example.com/path");
        assertThat(badWidget.status()).isEqualTo(400);
        assertThat(badWidget.body().get("details").toString()).contains("title", "color", "requestsPerMinute");
    }

    @Test
    void should_show_the_widget_s_texts_in_the_page_s_language_where_the_tenant_wrote_them() throws Exception {
        // given a tenant with German texts, and another tenant without any
        String key = publishableKey("sprachen", ORIGIN);
        String other = publishableKey("sprachlos", ORIGIN);
        Reply saved = putJson("/api/v1/tenants/sprachen/widget/languages/de", Map.of("title", "Fragen Sie uns",
                "greeting", "Hallo! Fragen Sie mich zu unserer Dokumentation.", "starterQuestions",
                List.of("Wie sende ich etwas zurück?")));
        assertThat(saved.status()).as(saved.toString()).isEqualTo(200);

        // when: pages in German (a region tag too), French (no texts) and without a language
        JsonNode german = JSON.readTree(call("GET", "/public/v1/widget?lang=de", key, ORIGIN, null, null).body());
        JsonNode austrian = JSON.readTree(call("GET", "/public/v1/widget?lang=de-AT", key, ORIGIN, null, null).body());
        JsonNode french = JSON.readTree(call("GET", "/public/v1/widget?lang=fr", key, ORIGIN, null, null).body());
        JsonNode plain = JSON.readTree(call("GET", "/public/v1/widget", key, ORIGIN, null, null).body());
        JsonNode elsewhere = JSON.readTree(call("GET", "/public/v1/widget?lang=de", other, ORIGIN, null, null).body());

        // then: German where written, the tenant's own texts for the rest and everywhere else
        assertThat(german.get("title").asText()).isEqualTo("Fragen Sie uns");
        assertThat(german.get("greeting").asText()).startsWith("Hallo!");
        assertThat(german.get("starterQuestions").get(0).asText()).isEqualTo("Wie sende ich etwas zurück?");
        assertThat(german.get("placeholder").asText()).as("not written in German: the tenant's own").isEqualTo(plain.get("placeholder").asText());
        assertThat(austrian.get("title").asText()).isEqualTo("Fragen Sie uns");
        assertThat(french.get("title").asText()).isEqualTo(plain.get("title").asText()).isNotEqualTo("Fragen Sie uns");
        assertThat(elsewhere.get("title").asText()).as("another tenant never sees them").isNotEqualTo("Fragen Sie uns");
        assertThat(get("/api/v1/tenants/sprachen/widget/languages").body()).hasSize(1);
        assertThat(get("/api/v1/tenants/sprachlos/widget/languages").body()).isEmpty();

        // bad input is refused with what is wrong, and nothing is lost
        Reply bad = putJson("/api/v1/tenants/sprachen/widget/languages/deutsch", Map.of("title", "x".repeat(101)));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().toString()).contains("language").contains("title");
        assertThat(putJson("/api/v1/tenants/sprachen/widget/languages/fr", Map.of()).status()).as("no text at all").isEqualTo(400);
        assertThat(get("/api/v1/tenants/sprachen/widget/languages").body()).hasSize(1);

        // removed, German pages show the tenant's own texts again
        assertThat(delete("/api/v1/tenants/sprachen/widget/languages/de").status()).isEqualTo(204);
        assertThat(delete("/api/v1/tenants/sprachen/widget/languages/de").status()).isEqualTo(404);
        assertThat(JSON.readTree(call("GET", "/public/v1/widget?lang=de", key, ORIGIN, null, null).body()).get("title").asText())
                .isEqualTo(plain.get("title").asText());
    }

    @Test
    void should_show_a_key_s_own_texts_in_a_language_over_the_tenant_s() throws Exception {
        // given two keys of one tenant (two sites), German texts for every key, and the shop's own German title
        String blog = publishableKey("zwei-seiten", ORIGIN);
        JsonNode created = postJson("/api/v1/tenants/zwei-seiten/keys", Map.of("kind", "PUBLISHABLE", "name", "shop",
                "allowedOrigins", List.of(ORIGIN))).body();
        String shop = created.get("value").asText();
        String shopId = created.get("key").get("id").asText();
        assertThat(putJson("/api/v1/tenants/zwei-seiten/widget/languages/de",
                Map.of("title", "Fragen Sie uns", "greeting", "Hallo!")).status()).isEqualTo(200);
        Reply own = putJson("/api/v1/tenants/zwei-seiten/widget/languages/de?keyId=" + shopId, Map.of("title", "Fragen Sie den Shop"));
        assertThat(own.status()).as(own.toString()).isEqualTo(200);

        // when
        JsonNode blogDe = JSON.readTree(call("GET", "/public/v1/widget?lang=de", blog, ORIGIN, null, null).body());
        JsonNode shopDe = JSON.readTree(call("GET", "/public/v1/widget?lang=de", shop, ORIGIN, null, null).body());

        // then: the shop's title over the tenant's German texts, the greeting of every key behind it
        assertThat(blogDe.get("title").asText()).isEqualTo("Fragen Sie uns");
        assertThat(shopDe.get("title").asText()).isEqualTo("Fragen Sie den Shop");
        assertThat(shopDe.get("greeting").asText()).isEqualTo("Hallo!");
        assertThat(get("/api/v1/tenants/zwei-seiten/widget/languages").body()).hasSize(2);

        // a key of another tenant is refused by name, nothing saved
        String stranger = postJson("/api/v1/tenants/demo/keys", Map.of("kind", "PUBLISHABLE", "name", "elsewhere",
                "allowedOrigins", List.of(ORIGIN))).body().get("key").get("id").asText();
        Reply refused = putJson("/api/v1/tenants/zwei-seiten/widget/languages/fr?keyId=" + stranger, Map.of("title", "x"));
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().toString()).contains("key");
        assertThat(get("/api/v1/tenants/zwei-seiten/widget/languages").body()).hasSize(2);

        // the shop's own removed, it shows the tenant's German texts again
        assertThat(delete("/api/v1/tenants/zwei-seiten/widget/languages/de?keyId=" + shopId).status()).isEqualTo(204);
        assertThat(JSON.readTree(call("GET", "/public/v1/widget?lang=de", shop, ORIGIN, null, null).body()).get("title").asText())
                .isEqualTo("Fragen Sie uns");
    }
}

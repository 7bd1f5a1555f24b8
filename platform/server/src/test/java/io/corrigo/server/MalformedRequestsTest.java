package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A bounded fuzz test against this host on 127.0.0.1: every operation of the API's own OpenAPI description, signed in
 * as the platform admin, with malformed content types, bodies, multiparts and paging values. Bad input must get a 4xx
 * answer, never a 5xx. Paths name a tenant of this test, so nothing other tests rely on is touched.
 */
class MalformedRequestsTest extends HostTestBase {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final List<String> CONTENT_TYPES = List.of("*/*", "application/*", "multipart/form-data",
            "multipart/form-data; boundary=", "text/plain", "application/json; charset=bogus", "application/xml",
            "application/x-www-form-urlencoded", "not a type", "application/json");
    private static final List<String> BODIES = List.of("", "{", "[]", "null", "42", "\"text\"", "{\"a\":1,\"a\":2}",
            "{\"question\":\"q\",\"question\":\"r\"}", "{\"question\":12}", "{\"role\":0}", "{\"id\":\"x\u0000y\"}",
            "{\"settings\":{\"topK\":1.5}}", "{\"definition\":[]}", "{\"name\":" + "9".repeat(400) + "}",
            "\u0000\u0001\u0002", "{\"question\":\"" + "a".repeat(10_000) + "\"}", "{\"page\":\"abc\"}",
            "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\u0000b.txt\"\r\n\r\nhi\r\n--x--\r\n",
            "{\"username\":\"fuzzed-user\",\"password\":\"a-long-enough-password\",\"role\":\"TENANT_ADMIN\",\"tenants\":[null]}",
            "{\"name\":\"fuzzed\",\"role\":\"TENANT_ADMIN\",\"tenants\":[null],\"scopes\":[null]}",
            "{\"text\":\"broken \\ud800 surrogate\",\"disabled\":false}", "{\"id\":\"fuzz\",\"name\":\"Fuzz\"}",
            "{\"question\":\"q\",\"conversationId\":\"c-no-such-conversation\"}", "{\"allowedOrigins\":[null]}");
    private static final List<String> ACCEPTS = List.of("application/json", "text/html", "text/event-stream",
            "application/xml", "*/*", "text/plain", "application/x-ndjson", "image/png");
    private static final List<String> QUERIES = List.of("", "?page=abc", "?page=-1&size=0", "?size=99999999999",
            "?limit=1e99", "?from=yesterday&to=%25ZZ", "?wait=maybe", "?feedback=%00");

    private record Operation(String method, String path) {
    }

    @Test
    void should_answer_every_malformed_request_with_a_4xx__never_a_5xx() throws Exception {
        // given: the API's operations, with every path variable filled in for this test's own tenant, and a key of it
        // for the widget's and the OpenAI-compatible endpoints
        postJson("/api/v1/tenants", Map.of("id", "fuzz", "name", "Fuzz"));
        String key = postJson("/api/v1/tenants/fuzz/keys", Map.of("kind", "PUBLISHABLE", "name", "fuzz",
                "allowedOrigins", List.of("https://fuzz.example.com"))).body().get("value").asText();
        assertThat(putJson("/api/v1/tenants/fuzz/widget", Map.of("title", "Fuzz", "greeting", "Hi", "placeholder", "Ask",
                "color", "#123456", "requestsPerMinute", 10_000, "queriesPerDay", 100_000)).status()).isEqualTo(200);
        JsonNode spec = get("/v3/api-docs").body();
        List<Operation> operations = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = spec.get("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            String concrete = path.getKey().replaceAll("\\{(tenant|tenantId)}", "fuzz").replaceAll("\\{[^}]+}", "no-such-id");
            path.getValue().fieldNames().forEachRemaining(method -> {
                if (List.of("get", "post", "put", "patch", "delete").contains(method)) {
                    operations.add(new Operation(method.toUpperCase(), concrete));
                }
            });
        }
        assertThat(operations).as("operations in /v3/api-docs").hasSizeGreaterThan(20);

        // when: a fixed, seeded mix of content type, body and query per request
        Random random = new Random(18);
        List<String> serverErrors = new ArrayList<>();
        int sent = 0;
        for (int round = 0; sent < 1200; round++) {
            for (Operation op : operations) {
                if (op.method().equals("DELETE") && !op.path().contains("/fuzz")) {
                    continue; // platform-wide deletions (users, plugins) are not this test's to make
                }
                String type = CONTENT_TYPES.get(random.nextInt(CONTENT_TYPES.size()));
                String body = BODIES.get(random.nextInt(BODIES.size()));
                String query = QUERIES.get(random.nextInt(QUERIES.size()));
                String accept = ACCEPTS.get(random.nextInt(ACCEPTS.size()));
                boolean keyed = op.path().startsWith("/public/") || op.path().startsWith("/v1/");
                if (keyed) {
                    query = (query.isEmpty() ? "?" : query + "&") + "key=" + key;
                }
                HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + op.path() + query))
                        .timeout(Duration.ofSeconds(30))
                        .header("Accept", accept)
                        .header(keyed ? "Origin" : "Authorization", keyed ? "https://fuzz.example.com" : adminAuthorization())
                        .method(op.method(), op.method().equals("GET") || op.method().equals("DELETE")
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
                if (!op.method().equals("GET") && !op.method().equals("DELETE")) {
                    request.header("Content-Type", type);
                }
                HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
                sent++;
                if (response.statusCode() >= 500) {
                    serverErrors.add(op.method() + " " + op.path() + query + " [" + type + " / accept " + accept + "] "
                            + abbreviate(body)
                            + " -> " + response.statusCode() + " " + abbreviate(response.body()));
                }
            }
        }

        // then
        assertThat(sent).isGreaterThanOrEqualTo(1000);
        assertThat(serverErrors).as("5xx answers to malformed requests").isEmpty();
    }

    private static String abbreviate(String text) {
        String flat = text.replaceAll("\\s+", " ").replace("\u0000", "\\0");
        return flat.length() > 90 ? flat.substring(0, 90) + "…" : flat;
    }
}

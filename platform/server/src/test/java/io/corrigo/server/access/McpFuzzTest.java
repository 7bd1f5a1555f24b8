package io.corrigo.server.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.HostTestBase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Malformed, hostile and random JSON-RPC sent to the MCP endpoint with a valid secret key: every request is answered
 * with a client error or a JSON-RPC error, never an HTTP 500, and no reply carries a Java stack trace or an exception's
 * class name.
 */
class McpFuzzTest extends HostTestBase {

    private static final Pattern STACK = Pattern.compile("\"stackTrace\"|Cannot invoke|\\bat (java|jdk|io|org|com|reactor)\\.[\\w.$]+\\(|"
            + "\\w+(Exception|Error):|\\.java:\\d+\\)");
    private static final String[] VALUES = {"null", "true", "0", "-1", "1e309", "\"\"", "\"x\"", "[]", "{}", "[1,2]",
            "{\"a\":{\"b\":{\"c\":[]}}}", "\"" + "x".repeat(20_000) + "\"", "\"\\u0000\"", "\"\\ud800\"", "9223372036854775808"};
    private static final String[] METHODS = {"initialize", "tools/list", "tools/call", "resources/list",
            "resources/read", "resources/templates/list", "prompts/list", "ping", "completion/complete", "nope",
            "notifications/initialized", "logging/setLevel", ""};

    @Test
    void should_answer_every_malformed_or_random_request_without_a_500_or_a_stack_trace() throws Exception {
        signInAsAdmin();
        postJson("/api/v1/tenants", Map.of("id", "mcp-fuzz", "name", "mcp-fuzz"));
        String key = postJson("/api/v1/tenants/mcp-fuzz/keys", Map.of("kind", "SECRET", "name", "fuzz"))
                .body().get("value").asText();
        List<String> bodies = new ArrayList<>(List.of("", "{", "[]", "null", "42", "\"text\"", "{}", "{\"jsonrpc\":\"2.0\"}",
                "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}", "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]",
                "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":42}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"ask\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"ask\",\"arguments\":{\"question\":42}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"search_knowledge\",\"arguments\":{\"query\":[],\"limit\":\"many\"}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"nope\",\"arguments\":{}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"corrigo://nope/../../etc\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":7}}"));
        Random random = new Random(20261128);
        for (int i = 0; i < 400; i++) {
            String params = random.nextInt(4) == 0 ? VALUES[random.nextInt(VALUES.length)]
                    : "{\"name\":" + pick(random, "\"ask\"", "\"search_knowledge\"") + ",\"uri\":" + pick(random,
                    "\"corrigo://source/x/1\"", VALUES[random.nextInt(VALUES.length)]) + ",\"arguments\":{\"question\":"
                    + VALUES[random.nextInt(VALUES.length)] + ",\"query\":" + VALUES[random.nextInt(VALUES.length)]
                    + ",\"conversationId\":" + VALUES[random.nextInt(VALUES.length)] + ",\"limit\":"
                    + VALUES[random.nextInt(VALUES.length)] + "}}";
            bodies.add("{\"jsonrpc\":\"2.0\",\"id\":" + pick(random, "1", "\"a\"", VALUES[random.nextInt(VALUES.length)])
                    + ",\"method\":\"" + METHODS[random.nextInt(METHODS.length)] + "\",\"params\":" + params + "}");
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        List<String> failures = new ArrayList<>();
        int answered = 0;
        for (String body : bodies) {
            for (String contentType : List.of("application/json", "text/plain")) {
                if (contentType.equals("text/plain") && body.length() > 200) {
                    continue;
                }
                HttpResponse<String> reply = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                                + McpEndpoint.PATH)).timeout(Duration.ofSeconds(90))
                        .header("Authorization", "Bearer " + key).header("Content-Type", contentType)
                        .header("Accept", "application/json, text/event-stream")
                        .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build(),
                        HttpResponse.BodyHandlers.ofString());
                answered++;
                String shown = body.length() > 120 ? body.substring(0, 120) + "…" : body;
                if (reply.statusCode() >= 500) {
                    failures.add(reply.statusCode() + " for " + shown + ": " + clip(reply.body()));
                }
                if (STACK.matcher(reply.body()).find()) {
                    failures.add("a stack trace or exception name for " + shown + ": " + clip(reply.body()));
                }
                if (reply.body().length() > 8_000 && !body.contains("x".repeat(1000))) {
                    failures.add(reply.body().length() + " characters for " + shown);
                }
            }
        }
        for (String method : List.of("GET", "DELETE", "PUT")) {
            HttpResponse<String> reply = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                            + McpEndpoint.PATH)).header("Authorization", "Bearer " + key)
                    .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            answered++;
            if (reply.statusCode() >= 500 || STACK.matcher(reply.body()).find()) {
                failures.add(method + ": " + reply.statusCode() + " " + clip(reply.body()));
            }
        }

        assertThat(answered).isGreaterThan(400);
        assertThat(failures).as("of %d requests", answered).isEmpty();
    }

    private static String pick(Random random, String... choices) {
        return choices[random.nextInt(choices.length)];
    }

    private static String clip(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }
}

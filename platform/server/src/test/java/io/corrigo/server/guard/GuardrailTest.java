package io.corrigo.server.guard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.server.HostTestBase;
import io.corrigo.testsupport.FakeApi;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The shipped {@code pii-guardrail} plugin (a real plugin file) in a tenant's pipeline with a real SearXNG wire on
 * 127.0.0.1 as the web-search fallback: an e-mail address and a phone number planted in a question never reach the
 * search engine, the run log or the stored conversation — checked in the database itself — while the answer still
 * comes, and the trace says which kinds were redacted, never the values.
 */
class GuardrailTest extends HostTestBase {

    private static final String MAIL = "jane.doe@example.com";
    private static final String PHONE = "+49 30 1234567";

    @Autowired
    JdbcTemplate jdbc;

    private void stage(String tenant, String stage, String factoryId, Map<String, String> properties) {
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/" + tenant + "/pipeline").body().get("definition");
        ((ObjectNode) definition.get("stages")).set(stage, JSON.valueToTree(Map.of("factoryId", factoryId, "properties", properties)));
        Reply saved = putJson("/api/v1/tenants/" + tenant + "/pipeline", definition);
        assertThat(saved.status()).as(saved.body().toString()).isEqualTo(200);
    }

    @Test
    void should_keep_planted_personal_data_from_the_web_search_the_run_log_and_the_conversation() throws Exception {
        try (FakeApi searxng = new FakeApi()) {
            searxng.body = """
                    {"results": [{"url": "https://hr.example/leave", "title": "Annual leave",
                      "content": "Full-time employees receive 25 days of annual leave each year. Leave requests go to the manager."}]}
                    """;
            String t = "guarded";
            signInAsAdmin();
            postJson("/api/v1/tenants", Map.of("id", t, "name", t));
            stage(t, "search", "searxng-search", Map.of("baseUrl", searxng.url()));
            stage(t, "guardrail", "pii-guardrail", Map.of());

            // when: a question whose answer only the web has, with an address and a phone number in it
            Reply answer = postJson("/api/v1/tenants/" + t + "/query", Map.of("question",
                    "I am " + MAIL + ", call me on " + PHONE + ": how many days of annual leave do full-time employees receive?"));

            // then: answered from the web…
            assertThat(answer.status()).as(answer.body().toString()).isEqualTo(200);
            assertThat(answer.body().get("answer").asText()).as(get("/api/v1/tenants/" + t + "/runs/" + answer.body().get("runId").asText()).body().toString()).contains("25 days");
            // …which never saw the planted values
            assertThat(searxng.requests).isNotEmpty().allSatisfy(seen -> {
                String sent = URLDecoder.decode(seen.path() + "?" + seen.query(), StandardCharsets.UTF_8) + seen.body();
                assertThat(sent).doesNotContain("jane").doesNotContain("example.com").doesNotContain("1234567");
            });
            // the trace says what kind was redacted, never the value
            String runId = answer.body().get("runId").asText();
            JsonNode run = get("/api/v1/tenants/" + t + "/runs/" + runId).body();
            assertThat(run.toString()).doesNotContain("jane").doesNotContain("1234567").contains("[EMAIL]")
                    .contains("1 EMAIL, 1 PHONE");
            // and nothing of them is stored: the run row (question, answer, trace) and the conversation turn
            List<Map<String, Object>> rows = jdbc.queryForList("SELECT * FROM run WHERE id = ?", runId);
            assertThat(rows).singleElement().satisfies(row -> assertThat(row.values().toString())
                    .doesNotContain("jane").doesNotContain("1234567").contains("[EMAIL]"));
            String conversation = answer.body().get("conversationId").asText();
            assertThat(jdbc.queryForList("SELECT * FROM conversation_turn WHERE conversation_id = ?", conversation))
                    .singleElement().satisfies(row -> assertThat(row.values().toString()).doesNotContain("jane"));
        }
    }

    @Test
    void should_redact_a_feedback_comment_before_it_is_stored__in_the_run_the_trace_and_the_export() throws Exception {
        // given: a tenant with the guardrail, a widget key and an answered question
        String t = "guarded-feedback";
        signInAsAdmin();
        postJson("/api/v1/tenants", Map.of("id", t, "name", t));
        stage(t, "guardrail", "pii-guardrail", Map.of());
        String origin = "https://shop.example";
        Reply key = postJson("/api/v1/tenants/" + t + "/keys", Map.of("kind", "PUBLISHABLE", "name", "site",
                "allowedOrigins", List.of(origin)));
        assertThat(key.status()).as(key.body().toString()).isEqualTo(201);
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        java.net.http.HttpResponse<String> asked = http.send(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create("http://127.0.0.1:" + port + "/public/v1/ask?key=" + key.body().get("value").asText()))
                .header("Origin", origin)
                .header("Content-Type", "application/json")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"question\":\"How many days of leave?\"}")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(asked.statusCode()).as(asked.body()).isEqualTo(200);
        String runId = JSON.readTree(asked.body()).get("runId").asText();
        String iban = "DE89 3704 0044 0532 0130 00";

        // when: the visitor's comment holds a phone number, an e-mail address and an IBAN
        java.net.http.HttpResponse<String> rated = http.send(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create("http://127.0.0.1:" + port + "/public/v1/runs/" + runId + "/feedback?key="
                                + key.body().get("value").asText()))
                .header("Origin", origin)
                .header("Content-Type", "application/json")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("rating",
                        "not_helpful", "comment", "Wrong! Call me on " + PHONE + " or write to " + MAIL + ", refund to "
                                + iban)))).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(rated.statusCode()).as(rated.body()).isEqualTo(204);

        // then: the run, its trace and the export keep the comment redacted, and the database holds no value
        JsonNode run = get("/api/v1/tenants/" + t + "/runs/" + runId).body();
        assertThat(run.get("feedback").get("comment").asText()).startsWith("Wrong! Call me on [PHONE]")
                .contains("[EMAIL]").contains("[IBAN]");
        String export = getText("/api/v1/tenants/" + t + "/runs/export").body().asText();
        assertThat(export).contains("[IBAN]");
        String row = jdbc.queryForList("SELECT * FROM run WHERE id = ?", runId).toString();
        for (String value : List.of("jane", "1234567", "3704 0044")) {
            assertThat(run.toString()).doesNotContain(value);
            assertThat(export).doesNotContain(value);
            assertThat(row).doesNotContain(value);
        }
    }

    @Test
    void should_refuse_a_custom_pattern_that_cannot_work__when_the_pipeline_is_saved() {
        String t = "guarded-bad";
        signInAsAdmin();
        postJson("/api/v1/tenants", Map.of("id", t, "name", t));
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/" + t + "/pipeline").body().get("definition");
        ((ObjectNode) definition.get("stages")).set("guardrail", JSON.valueToTree(Map.of("factoryId", "pii-guardrail",
                "properties", Map.of("customPatterns", "TICKET=("))));

        Reply saved = putJson("/api/v1/tenants/" + t + "/pipeline", definition);

        assertThat(saved.status()).isEqualTo(400);
        assertThat(saved.body().toString()).contains("stages.guardrail: customPatterns: TICKET is not a regular expression");
    }
}

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

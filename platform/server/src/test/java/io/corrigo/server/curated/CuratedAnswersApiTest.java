package io.corrigo.server.curated;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.server.HostTestBase;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * Curated answers through the API against a real host: written from a run, served for a paraphrase of their question
 * and not for a different question, marked curated in the response and the trace, versioned and audited, refused when
 * malformed, invisible to another tenant and deleted with their tenant.
 */
class CuratedAnswersApiTest extends HostTestBase {


    private String documentId(String tenant) {
        return get("/api/v1/tenants/" + tenant + "/documents").body().findValues("id").get(0).asText();
    }

    @Test
    void should_serve_a_curated_answer_for_a_paraphrase__and_the_pipeline_s_for_a_different_question() {
        // given: a run whose answer the admin rewrites, citing the leave document
        String tenant = tenantWithLeavePolicy("cur-leave");
        Reply run = ask(tenant, "How many days of paid time off do full-time employees get?");
        String runId = run.body().get("runId").asText();
        Reply written = postJson("/api/v1/tenants/" + tenant + "/curated-answers", Map.of(
                "question", "How many days of paid time off do full-time employees get?",
                "variants", List.of("How much annual leave does a full-time employee have?"),
                "answer", "Full-time employees get 25 days of paid time off a year, plus public holidays.",
                "documents", List.of(documentId(tenant)), "sourceRun", runId));
        assertThat(written.status()).as(written.body().toString()).isEqualTo(201);
        long id = written.body().get("id").asLong();

        // when
        Reply paraphrase = ask(tenant, "How many days off do full-time employees get each year?");
        Reply variant = ask(tenant, "How much annual leave does a full-time employee get?");
        Reply different = ask(tenant, "How many days of paid time off do part-time employees get?");
        Reply otherLeave = ask(tenant, "How many days of sick leave do full-time employees get?");

        // then: the paraphrase gets the curated answer, marked, with its citation, the trace naming it and the run
        assertThat(paraphrase.body().get("answer").asText())
                .isEqualTo("Full-time employees get 25 days of paid time off a year, plus public holidays. [1]");
        assertThat(paraphrase.body().get("curated").get("id").asLong()).isEqualTo(id);
        assertThat(paraphrase.body().get("curated").get("version").asInt()).isEqualTo(1);
        assertThat(paraphrase.body().get("curated").get("sourceRun").asText()).isEqualTo(runId);
        assertThat(paraphrase.body().get("citations").get(0).get("title").asText()).isEqualTo("leave.md");
        assertThat(paraphrase.body().get("notices").toString()).contains("curated answer " + id + " (version 1) served")
                .contains("written from run " + runId);
        assertThat(variant.body().get("curated").get("id").asLong()).isEqualTo(id);
        // and a question that differs in what it asks about is answered by the pipeline
        assertThat(different.body().has("curated")).as(different.body().toString()).isFalse();
        assertThat(different.body().get("answer").asText()).contains("pro rata");
        assertThat(otherLeave.body().has("curated")).as(otherLeave.body().toString()).isFalse();
    }

    @Test
    void should_serve_a_curated_abstention__version_each_change_in_the_audit_log__and_refuse_a_bad_draft() {
        // given
        String tenant = tenantWithLeavePolicy("cur-versions");
        Reply written = postJson("/api/v1/tenants/" + tenant + "/curated-answers", Map.of(
                "question", "What is the salary of the chief executive?", "abstain", true));
        long id = written.body().get("id").asLong();

        // when
        Reply declined = ask(tenant, "What salary does the chief executive get?");
        Reply changed = putJson("/api/v1/tenants/" + tenant + "/curated-answers/" + id, Map.of(
                "question", "What is the salary of the chief executive?", "answer", "We do not publish salaries."));
        Reply answered = ask(tenant, "What salary does the chief executive get?");
        Reply bad = postJson("/api/v1/tenants/" + tenant + "/curated-answers", Map.of("question", " ",
                "documents", List.of("no-such-document")));

        // then: an abstention first, then the new version's answer
        assertThat(declined.body().get("abstained").asBoolean()).isTrue();
        assertThat(declined.body().get("curated").get("id").asLong()).isEqualTo(id);
        assertThat(changed.body().get("version").asInt()).isEqualTo(2);
        assertThat(answered.body().get("answer").asText()).isEqualTo("We do not publish salaries.");
        assertThat(answered.body().get("curated").get("version").asInt()).isEqualTo(2);
        // every change in the audit log, with what it was before
        List<JsonNode> entries = StreamSupport.stream(get("/api/v1/audit?size=500&tenant=" + tenant).body().get("entries")
                .spliterator(), false).filter(e -> e.get("action").asText().startsWith("curated.")).toList();
        assertThat(entries).extracting(e -> e.get("action").asText()).contains("curated.create", "curated.update");
        // a bad draft is refused with every problem named, and nothing is written
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().get("code").asText()).isEqualTo("invalid_curated");
        assertThat(bad.body().get("message").asText()).contains("question: required")
                .contains("answer: required").contains("has no document 'no-such-document'");
        assertThat(get("/api/v1/tenants/" + tenant + "/curated-answers").body()).hasSize(1);
    }

    @Test
    void should_keep_curated_answers_to_their_tenant__and_delete_them_with_it() {
        // given
        String tenant = tenantWithLeavePolicy("cur-gone");
        String other = tenantWithLeavePolicy("cur-other");
        long id = postJson("/api/v1/tenants/" + tenant + "/curated-answers", Map.of(
                "question", "How many days of paid time off do full-time employees get?",
                "answer", "Twenty-five.")).body().get("id").asLong();

        // when
        Reply foreign = get("/api/v1/tenants/" + other + "/curated-answers/" + id);
        Reply otherAsks = ask(other, "How many days of paid time off do full-time employees get?");

        // then: another tenant neither reads nor is served it
        assertThat(foreign.status()).isEqualTo(404);
        assertThat(otherAsks.body().has("curated")).isFalse();
        // and deleting the tenant deletes its curated answers
        assertThat(delete("/api/v1/tenants/" + tenant + "?confirm=" + tenant).status()).isEqualTo(200);
        postJson("/api/v1/tenants", Map.of("id", tenant, "name", tenant));
        assertThat(get("/api/v1/tenants/" + tenant + "/curated-answers").body()).isEmpty();
        // and one deleted on its own is gone
        long kept = postJson("/api/v1/tenants/" + other + "/curated-answers", Map.of(
                "question", "Who approves leave?", "answer", "Your manager.")).body().get("id").asLong();
        assertThat(delete("/api/v1/tenants/" + other + "/curated-answers/" + kept).status()).isEqualTo(204);
        assertThat(get("/api/v1/tenants/" + other + "/curated-answers/" + kept).status()).isEqualTo(404);
    }

    @Test
    void should_not_serve_a_curated_answer_citing_a_document_the_caller_may_not_read() throws Exception {
        // given: a salary table only group "hr" may read, and a curated answer citing it
        String tenant = tenantWithLeavePolicy("cur-scoped");
        Reply job = uploadAndWait("/api/v1/tenants/" + tenant + "/documents?groups=hr", "salaries.md",
                "# Salaries\n\nThe chief executive earns 240,000 euros a year.\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(job.status()).isEqualTo(200);
        String salaries = StreamSupport.stream(get("/api/v1/tenants/" + tenant + "/documents").body().spliterator(), false)
                .filter(d -> d.get("name").asText().equals("salaries.md")).findFirst().orElseThrow().get("id").asText();
        postJson("/api/v1/tenants/" + tenant + "/curated-answers", Map.of("question", "What does the chief executive earn?",
                "answer", "240,000 euros a year.", "documents", List.of(salaries)));

        // when: a key of everyone and a key of hr ask through the OpenAI-compatible endpoint
        JsonNode everyone = chat(key(tenant, List.of()), tenant, "What does the chief executive earn?");
        JsonNode hr = chat(key(tenant, List.of("hr")), tenant, "What does the chief executive earn?");

        // then
        assertThat(everyone.get("corrigo").has("curated")).as(everyone.toString()).isFalse();
        assertThat(everyone.get("corrigo").get("answer").asText()).doesNotContain("240,000");
        assertThat(hr.get("corrigo").has("curated")).as(hr.toString()).isTrue();
        assertThat(hr.get("corrigo").get("answer").asText()).startsWith("240,000 euros a year.");
    }

    private String key(String tenant, List<String> groups) {
        return postJson("/api/v1/tenants/" + tenant + "/keys", Map.of("kind", "SECRET", "name", "k" + groups,
                "groups", groups)).body().get("value").asText();
    }

    private JsonNode chat(String key, String tenant, String question) throws Exception {
        java.net.http.HttpResponse<String> response = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/v1/chat/completions"))
                        .header("Content-Type", "application/json").header("Authorization", "Bearer " + key)
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("model",
                                tenant, "messages", List.of(Map.of("role", "user", "content", question)))))).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        return JSON.readTree(response.body());
    }
}

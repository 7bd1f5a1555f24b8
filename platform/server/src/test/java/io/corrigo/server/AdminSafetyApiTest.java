package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.plugins.llm.testing.FakeModelServer;
import io.corrigo.server.tenant.TenantOwned;
import io.corrigo.server.tenant.TenantSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * What keeps an admin's change safe, over HTTP: pipeline drafts, diff, publish and rollback; export and import without
 * secrets; "Test connection" against a model server on 127.0.0.1; editing and disabling a chunk; the blast radius of a
 * tenant; and deleting a tenant leaving no row, file or index behind.
 */
class AdminSafetyApiTest extends HostTestBase {

    private static final AtomicInteger TENANTS = new AtomicInteger();
    private static final String DOC = """
            # The Zorblax lighthouse

            The Zorblax lighthouse was built in 1887 on the northern cape. Its lamp burns whale oil and can be seen \
            from twenty kilometres away.

            ## Keepers

            The last keeper, Ada Quint, left the lighthouse in 1969. The keepers' garden grows thyme and sage.
            """;

    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    List<TenantOwned> owners;

    private static Set<String> without(Set<String> tables, String table) {
        Set<String> rest = new TreeSet<>(tables);
        rest.remove(table);
        return rest;
    }

    private String newTenant() {
        String tenant = "safety-" + TENANTS.incrementAndGet();
        assertThat(postJson("/api/v1/tenants", Map.of("id", tenant, "name", "Safety " + tenant)).status()).isEqualTo(201);
        return tenant;
    }

    private String base(String tenant) {
        return "/api/v1/tenants/" + tenant;
    }

    @Test
    void should_save_a_draft_that_queries_ignore_until_it_is_published_and_roll_back_to_the_release_before() {
        String tenant = newTenant();
        JsonNode active = get(base(tenant) + "/pipeline").body();
        int v1 = active.get("version").asInt();
        ObjectNode definition = (ObjectNode) active.get("definition");
        ((ObjectNode) definition.get("settings")).put("upperThreshold", 0.77);
        // and a stage setting written out at its plugin's default: the same effective pipeline, so no change
        ObjectNode evaluator = (ObjectNode) definition.get("stages").get("evaluator");
        assertThat(evaluator.get("properties").has("answerReader")).as("the default pipeline leaves it unset").isFalse();
        ((ObjectNode) evaluator.get("properties")).put("answerReader", "true");

        Reply draft = postJson(base(tenant) + "/pipeline/drafts?note=stricter", definition);
        assertThat(draft.status()).as(draft.body().toString()).isEqualTo(201);
        int v2 = draft.body().get("version").asInt();
        assertThat(v2).isEqualTo(v1 + 1);
        assertThat(get(base(tenant) + "/pipeline").body().get("version").asInt()).as("a draft is not live").isEqualTo(v1);
        assertThat(ask(tenant, "When was the lighthouse built?").body().get("pipelineVersion").asInt()).isEqualTo(v1);

        JsonNode versions = get(base(tenant) + "/pipeline/versions").body();
        assertThat(versions.get(0).get("version").asInt()).isEqualTo(v2);
        assertThat(versions.get(0).get("state").asText()).isEqualTo("DRAFT");
        assertThat(versions.get(0).get("author").asText()).isEqualTo(ADMIN);
        assertThat(versions.get(0).get("note").asText()).isEqualTo("stricter");
        assertThat(versions.get(1).get("state").asText()).isEqualTo("ACTIVE");

        JsonNode diff = get(base(tenant) + "/pipeline/versions/" + v2 + "/diff").body();
        assertThat(diff).hasSize(1);
        assertThat(diff.get(0).get("path").asText()).isEqualTo("settings.upperThreshold");
        assertThat(diff.get(0).get("after").asText()).isEqualTo("0.77");

        assertThat(postJson(base(tenant) + "/pipeline/versions/" + v2 + "/publish", Map.of()).status()).isEqualTo(200);
        assertThat(ask(tenant, "When was the lighthouse built?").body().get("pipelineVersion").asInt()).isEqualTo(v2);

        // rollback: the earlier release is published again, as it was
        assertThat(postJson(base(tenant) + "/pipeline/versions/" + v1 + "/publish", Map.of()).status()).isEqualTo(200);
        JsonNode now = get(base(tenant) + "/pipeline").body();
        assertThat(now.get("version").asInt()).isEqualTo(v1);
        assertThat(now.get("definition").get("settings").get("upperThreshold").asDouble()).isNotEqualTo(0.77);
        assertThat(get(base(tenant) + "/pipeline/versions").body().get(0).get("state").asText()).isEqualTo("RELEASED");
        assertThat(postJson(base(tenant) + "/pipeline/versions/99/publish", Map.of()).status()).isEqualTo(404);
    }

    @Test
    void should_export_without_secrets_and_import_as_a_draft_keeping_the_stored_secret() throws Exception {
        String tenant = newTenant();
        try (FakeModelServer model = new FakeModelServer()) {
            model.script(r -> "OK");
            ObjectNode definition = (ObjectNode) get(base(tenant) + "/pipeline").body().get("definition");
            ((ObjectNode) definition.get("stages")).set("generator", JSON.valueToTree(Map.of("factoryId",
                    "openai-generator", "properties", Map.of("baseUrl", model.openAiUrl(), "model", "m",
                            "apiKey", "sk-very-secret"))));
            assertThat(putJson(base(tenant) + "/pipeline", definition).status()).isEqualTo(200);

            Reply yaml = getText(base(tenant) + "/pipeline/export?format=yaml");
            assertThat(yaml.status()).isEqualTo(200);
            String exported = yaml.body().asText();
            assertThat(exported).contains("openai-generator", "baseUrl").doesNotContain("sk-very-secret", "apiKey");

            Reply imported = postRaw(base(tenant) + "/pipeline/import", "application/yaml",
                    exported.replace("upperThreshold: ", "upperThreshold: 0.8 # was "));
            assertThat(imported.status()).as(imported.body().toString()).isEqualTo(201);
            int draft = imported.body().get("version").asInt();
            assertThat(get(base(tenant) + "/pipeline/versions").body().get(0).get("state").asText()).isEqualTo("DRAFT");
            assertThat(imported.body().get("definition").get("stages").get("generator").get("properties")
                    .get("apiKey").asText()).as("the stored key is kept, masked").isEqualTo("********");
            assertThat(get(base(tenant) + "/pipeline/versions/" + draft + "/diff").body().findValuesAsText("path"))
                    .containsExactly("settings.upperThreshold");

            Reply broken = postRaw(base(tenant) + "/pipeline/import", "application/yaml", "settings: [unclosed");
            assertThat(broken.status()).isEqualTo(400);
            assertThat(broken.body().toString()).contains("not a pipeline in yaml");

            // as strict as the JSON API: a misspelt key, a repeated one, a second document, a tag
            int versions = get(base(tenant) + "/pipeline/versions").body().size();
            Reply misspelt = postRaw(base(tenant) + "/pipeline/import", "application/yaml",
                    exported.replace("upperThreshold:", "uperThreshold:"));
            Reply repeated = postRaw(base(tenant) + "/pipeline/import", "application/yaml",
                    exported.replaceFirst("(?m)^settings:\n", "settings:\n  topK: 3\n  topK: 4\n"));
            Reply twoDocuments = postRaw(base(tenant) + "/pipeline/import", "application/yaml", exported + "\n---\n" + exported);
            Reply tagged = postRaw(base(tenant) + "/pipeline/import", "application/yaml",
                    exported.replaceFirst("factoryId: ", "factoryId: !!binary "));
            assertThat(misspelt.status()).isEqualTo(400);
            assertThat(misspelt.body().toString()).contains("uperThreshold");
            assertThat(repeated.status()).isEqualTo(400);
            assertThat(repeated.body().toString()).contains("topK");
            assertThat(twoDocuments.status()).as(twoDocuments.body().toString()).isEqualTo(400);
            assertThat(tagged.status()).isEqualTo(400);
            assertThat(tagged.body().toString()).contains("!!binary").doesNotContain("com.fasterxml");
            // a number written as a text is refused, not read as the number
            Reply quoted = postRaw(base(tenant) + "/pipeline/import", "application/json",
                    "{\"settings\": {\"topK\": \"8\"}, \"stages\": {}}");
            assertThat(quoted.status()).as(quoted.body().toString()).isEqualTo(400);
            assertThat(quoted.body().toString()).contains("topK");
            // a value of the wrong kind is named by its path, in words, without a Java type
            Reply wordy = postRaw(base(tenant) + "/pipeline/import", "application/yaml",
                    exported.replaceFirst("(?m)^  topK: .*$", "  topK: eight"));
            assertThat(wordy.status()).isEqualTo(400);
            assertThat(wordy.body().get("message").asText() + wordy.body().path("details")).as(wordy.body().toString())
                    .contains("settings.topK").contains("'eight' is not an integer")
                    .doesNotContain("`int`", "java.", "com.fasterxml", "Cannot deserialize");
            assertThat(get(base(tenant) + "/pipeline/versions").body().size()).as("nothing saved").isEqualTo(versions);
        }
    }

    @Test
    void should_test_a_stage_s_connection_with_one_real_call_and_report_success_or_the_error() throws Exception {
        String tenant = newTenant();
        try (FakeModelServer model = new FakeModelServer()) {
            model.script(r -> "Connection fine.");
            Reply ok = postJson(base(tenant) + "/pipeline/stages/generator/test", Map.of("factoryId", "openai-generator",
                    "properties", Map.of("baseUrl", model.openAiUrl(), "model", "m", "apiKey", "sk-test")));
            assertThat(ok.status()).as(ok.body().toString()).isEqualTo(200);
            assertThat(ok.body().get("ok").asBoolean()).isTrue();
            assertThat(ok.body().get("message").asText()).contains("Connection fine.");
            assertThat(model.requests).hasSize(1);

            model.script(r -> FakeModelServer.HANG);
        }
        // the server is gone: the same settings now fail, with the reason
        Reply refused = postJson(base(tenant) + "/pipeline/stages/generator/test", Map.of("factoryId", "openai-generator",
                "properties", Map.of("baseUrl", "http://127.0.0.1:9/v1", "model", "m", "apiKey", "sk-test")));
        assertThat(refused.status()).isEqualTo(200);
        assertThat(refused.body().get("ok").asBoolean()).isFalse();
        assertThat(refused.body().get("message").asText()).isNotBlank();

        Reply incomplete = postJson(base(tenant) + "/pipeline/stages/generator/test", Map.of("factoryId", "openai-generator",
                "properties", Map.of("baseUrl", "http://127.0.0.1:9/v1", "temperature", "7")));
        assertThat(incomplete.body().get("ok").asBoolean()).isFalse();
        assertThat(incomplete.body().get("message").asText()).contains("not valid", "temperature");
        assertThat(postJson(base(tenant) + "/pipeline/stages/nonsense/test", Map.of("factoryId", "x")).status()).isEqualTo(400);
    }

    @Test
    void should_list_a_document_s_chunks_and_reindex_at_once_when_one_is_disabled_or_edited() {
        String tenant = newTenant();
        Reply job = uploadAndWait(base(tenant) + "/documents", "zorblax.md", DOC.getBytes(StandardCharsets.UTF_8));
        String documentId = job.body().get("documents").get(0).get("id").asText();
        JsonNode chunks = get(base(tenant) + "/documents/" + documentId + "/chunks").body();
        assertThat(chunks.size()).isGreaterThanOrEqualTo(2);
        JsonNode keepers = null;
        for (JsonNode chunk : chunks) {
            if (chunk.get("text").asText().contains("Ada Quint")) {
                keepers = chunk;
            }
        }
        assertThat(keepers).isNotNull();
        assertThat(keepers.get("section").asText()).isEqualTo("Keepers");
        assertThat(keepers.get("sentences").size()).isEqualTo(2);
        String chunkId = keepers.get("id").asText();
        String path = base(tenant) + "/documents/" + documentId + "/chunks/" + chunkId;

        assertThat(retrievedText(tenant, "Who was the last keeper of the lighthouse?")).contains("Ada Quint");
        JsonNode disabled = patchJson(path, Map.of("disabled", true)).body();
        assertThat(disabled.findValues("disabled").stream().filter(JsonNode::asBoolean).count()).isEqualTo(1);
        assertThat(retrievedText(tenant, "Who was the last keeper of the lighthouse?")).doesNotContain("Ada Quint");

        Reply edited = patchJson(path, Map.of("text", "The last keeper, Bo Lindqvist, left the lighthouse in 1971.",
                "disabled", false));
        assertThat(edited.status()).as(edited.body().toString()).isEqualTo(200);
        assertThat(retrievedText(tenant, "Who was the last keeper of the lighthouse?")).contains("Bo Lindqvist")
                .doesNotContain("Ada Quint");
        assertThat(patchJson(path, Map.of("text", "  ", "disabled", false)).status()).isEqualTo(400);
        assertThat(patchJson(base(tenant) + "/documents/" + documentId + "/chunks/nope", Map.of("disabled", true))
                .status()).isEqualTo(404);

        // a new upload of the same file replaces the document: the edits of its old chunks are gone
        uploadAndWait(base(tenant) + "/documents", "zorblax.md", DOC.getBytes(StandardCharsets.UTF_8));
        assertThat(retrievedText(tenant, "Who was the last keeper of the lighthouse?")).contains("Ada Quint");
    }

    private String retrievedText(String tenant, String question) {
        Reply answer = ask(tenant, question);
        JsonNode trace = get(answer.body().get("traceUrl").asText()).body().get("trace");
        List<String> texts = new ArrayList<>();
        trace.get("retrieved").forEach(p -> texts.add(p.path("text").asText()));
        return String.join(" | ", texts);
    }

    @Test
    void should_state_a_tenant_s_blast_radius_and_delete_it_leaving_no_row_file_or_index() throws Exception {
        String tenant = newTenant();
        uploadAndWait(base(tenant) + "/documents", "zorblax.md", DOC.getBytes(StandardCharsets.UTF_8));
        ask(tenant, "When was the lighthouse built?");
        assertThat(postJson(base(tenant) + "/keys", Map.of("kind", "SECRET", "name", "backend")).status()).isEqualTo(201);
        assertThat(Files.exists(dataDir().resolve("tenants").resolve(tenant))).isTrue();

        JsonNode impact = get(base(tenant) + "/impact").body();
        assertThat(impact.get("documents").asLong()).isEqualTo(1);
        assertThat(impact.get("runsLastHour").asLong()).isGreaterThanOrEqualTo(1);
        assertThat(impact.get("keys").asLong()).isEqualTo(1);

        Reply unconfirmed = delete(base(tenant) + "?confirm=" + tenant + "x");
        assertThat(unconfirmed.status()).isEqualTo(400);
        assertThat(unconfirmed.body().toString()).contains("type its id");
        assertThat(get(base(tenant)).status()).isEqualTo(200);

        // every table with a tenant_id has an owner, and the tenant has a row in each (a synthetic one where the
        // flows above wrote none), so that the deletion below is checked against the whole schema
        TenantSchema schema = new TenantSchema(jdbc);
        assertThat(TenantSchema.owned(owners)).as("tables named by the owners")
                .isEqualTo(without(schema.tenantTables(), TenantSchema.AUDIT));
        schema.fillEmpty(tenant);
        assertThat(schema.rows(tenant)).as("a fully populated tenant").allSatisfy((table, rows) -> assertThat(rows)
                .as(table).isPositive());

        Reply deleted = delete(base(tenant) + "?confirm=" + tenant);
        assertThat(deleted.status()).as(deleted.body().toString()).isEqualTo(200);
        assertThat(deleted.body().get("holdings").get("documents").asLong()).isEqualTo(1);

        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM tenant WHERE id = ?", Long.class, tenant)).isZero();
        assertThat(schema.rows(tenant)).as("rows left").allSatisfy((table, rows) -> assertThat(rows).as(table)
                .isEqualTo(table.equals(TenantSchema.AUDIT) ? rows : 0L));
        assertThat(schema.rows(tenant).get(TenantSchema.AUDIT)).as("the audit log keeps the deletion").isPositive();
        assertThat(Files.exists(dataDir().resolve("tenants").resolve(tenant))).as("uploads and index").isFalse();
        assertThat(get(base(tenant)).status()).isEqualTo(404);
        // the id is free again, and a new tenant of that id starts empty
        assertThat(postJson("/api/v1/tenants", Map.of("id", tenant, "name", "again")).status()).isEqualTo(201);
        assertThat(get(base(tenant) + "/documents").body()).isEmpty();
    }
}

package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.server.plugin.TestPlugins;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/** The REST API's promises: validation with clear errors, tenant isolation, and degradation instead of failure. */
class ApiTest extends HostTestBase {

    private static final String ACME_DOC = """
            # Zorblax widgets

            The Zorblax widget is assembled in Tallinn by the Acme Corporation. Each Zorblax widget weighs exactly \
            412 grams and ships in a blue box. Zorblax widgets were first sold in 2019.
            """;

    private void createTenant(String id) {
        Reply created = postJson("/api/v1/tenants", Map.of("id", id, "name", "Tenant " + id));
        assertThat(created.status()).isIn(201, 409);
    }

    @Test
    void should_answer_404__for_an_unknown_tenant() {
        Reply reply = ask("no-such-tenant", "anything?");

        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.body().get("code").asText()).isEqualTo("tenant_not_found");
        assertThat(reply.body().get("message").asText()).contains("no-such-tenant");
    }

    @Test
    void should_answer_400_with_a_message__for_an_empty_oversized_or_malformed_question() {
        Reply empty = ask("demo", "   ");
        Reply oversized = ask("demo", "why ".repeat(600));
        Reply malformed = postRaw("/api/v1/tenants/demo/query", "application/json", "{\"question\": ");

        assertThat(empty.status()).isEqualTo(400);
        assertThat(empty.body().get("code").asText()).isEqualTo("empty_question");
        assertThat(oversized.status()).isEqualTo(400);
        assertThat(oversized.body().get("message").asText()).contains("at most 2000");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.body().get("code").asText()).isEqualTo("unreadable_body");
    }

    @Test
    void should_answer_from_an_uploaded_document__and_never_show_it_to_another_tenant() {
        // given
        createTenant("acme");
        createTenant("globex");
        Reply uploaded = uploadAndWait("/api/v1/tenants/acme/documents", "zorblax.md", ACME_DOC.getBytes(StandardCharsets.UTF_8));
        assertThat(uploaded.status()).isEqualTo(200);
        assertThat(uploaded.body().get("state").asText()).isEqualTo("DONE");
        JsonNode document = uploaded.body().get("documents").get(0);
        String documentId = document.get("id").asText();
        assertThat(document.get("status").asText()).isEqualTo("INDEXED");
        assertThat(document.get("chunkCount").asInt()).isEqualTo(1);

        // when
        Reply acme = ask("acme", "How much does a Zorblax widget weigh?");
        Reply globex = ask("globex", "How much does a Zorblax widget weigh?");
        Reply demo = ask("demo", "How much does a Zorblax widget weigh?");

        // then
        assertThat(acme.body().get("action").asText()).isEqualTo("CORRECT");
        assertThat(acme.body().get("answer").asText()).contains("412 grams");
        assertThat(acme.body().get("citations").get(0).get("documentId").asText()).isEqualTo(documentId);
        assertThat(acme.body().get("citations").get(0).get("title").asText()).isEqualTo("Zorblax widgets");
        for (Reply other : new Reply[] {globex, demo}) {
            assertThat(other.status()).isEqualTo(200);
            assertThat(other.body().toString()).doesNotContain("412 grams").doesNotContain(documentId);
            JsonNode trace = get(other.body().get("traceUrl").asText()).body().get("trace");
            assertThat(trace.toString()).doesNotContain(documentId).doesNotContain("Tallinn");
        }
        assertThat(globex.body().get("action").asText()).as("globex has an empty knowledge base").isEqualTo("INCORRECT");

        // and a run is not readable through another tenant's path
        String acmeRun = acme.body().get("runId").asText();
        assertThat(get("/api/v1/tenants/globex/runs/" + acmeRun).status()).isEqualTo(404);
        assertThat(get("/api/v1/tenants/acme/runs/" + acmeRun).status()).isEqualTo(200);
        assertThat(StreamSupport.stream(get("/api/v1/tenants/globex/runs").body().get("items").spliterator(), false))
                .noneMatch(r -> r.get("id").asText().equals(acmeRun));
        assertThat(StreamSupport.stream(get("/api/v1/tenants/globex/documents").body().spliterator(), false))
                .noneMatch(d -> d.get("id").asText().equals(documentId));
    }

    @Test
    void should_refuse_bad_uploads_with_a_reason__and_index_nothing() {
        // given
        createTenant("uploads");
        int before = get("/api/v1/tenants/uploads/documents").body().size();

        // when
        Reply image = upload("/api/v1/tenants/uploads/documents", "notes.txt",
                new byte[] {'G', 'I', 'F', '8', '9', 'a', 1, 0, 1, 0, (byte) 0x80, 0, 0, 0, 0, 0});
        Reply binary = upload("/api/v1/tenants/uploads/documents", "notes.txt", new byte[] {72, 105, 0, 1, 2});
        Reply jsonl = upload("/api/v1/tenants/uploads/documents", "rows.jsonl",
                "{\"id\":\"1\",\"text\":\"fine\"}\nnot json\n{\"id\":\"3\"}\n".getBytes(StandardCharsets.UTF_8));
        Reply empty = upload("/api/v1/tenants/uploads/documents", "empty.txt", new byte[0]);

        // then
        assertThat(image.status()).isEqualTo(400);
        assertThat(image.body().get("message").asText()).as("the type comes from the content, not the name").contains("image/gif");
        assertThat(binary.body().get("code").asText()).isEqualTo("not_text");
        assertThat(jsonl.status()).isEqualTo(400);
        assertThat(jsonl.body().get("details").toString()).contains("line 2: not valid JSON").contains("line 3: needs a non-empty");
        assertThat(empty.status()).isEqualTo(400);
        assertThat(get("/api/v1/tenants/uploads/documents").body().size()).isEqualTo(before);
    }

    @Test
    void should_refuse_an_oversized_upload_with_413() {
        createTenant("uploads");
        byte[] big = new byte[26 * 1024 * 1024];
        java.util.Arrays.fill(big, (byte) 'a');

        Reply reply = upload("/api/v1/tenants/uploads/documents", "big.txt", big);

        assertThat(reply.status()).isEqualTo(413);
        assertThat(reply.body().get("code").asText()).isEqualTo("upload_too_large");
    }

    @Test
    void should_refuse_names_with_control_or_text_direction_characters__and_numbers_for_names_of_roles() {
        // a right-to-left override makes "acme\u202Efdp.exe" read as "acmeexe.pdf" in lists and logs
        Reply spoofed = postJson("/api/v1/tenants", Map.of("id", "spoof", "name", "acme\u202Efdp.exe"));
        Reply nul = postJson("/api/v1/tenants", Map.of("id", "spoof", "name", "a\u0000b"));
        assertThat(spoofed.status()).isEqualTo(400);
        assertThat(nul.status()).isEqualTo(400);
        assertThat(get("/api/v1/tenants/spoof").status()).as("nothing created").isEqualTo(404);

        createTenant("named");
        Reply key = postJson("/api/v1/tenants/named/keys", Map.of("kind", "SECRET", "name", "backend\nadmin"));
        assertThat(key.status()).isEqualTo(400);
        assertThat(key.body().get("details").toString()).contains("name: no control or text-direction characters");

        // enums by name only, integers not from fractions
        Reply numericKind = postJson("/api/v1/tenants/named/keys", Map.of("kind", 0, "name", "site"));
        assertThat(numericKind.status()).isEqualTo(400);
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/named/pipeline").body().get("definition");
        ((ObjectNode) definition.get("settings")).put("topK", 1.5);
        assertThat(putJson("/api/v1/tenants/named/pipeline", definition).status()).isEqualTo(400);
    }

    @Test
    void should_refuse_unknown_or_wrongly_typed_fields__naming_each() {
        // given
        createTenant("strict");
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/strict/pipeline").body().get("definition");
        ObjectNode typo = definition.deepCopy();
        ((ObjectNode) typo.get("settings")).put("uperThreshold", 0.5);
        ObjectNode wrongType = definition.deepCopy();
        ((ObjectNode) wrongType.get("settings")).put("topK", "eight");
        ObjectNode wrongEnum = definition.deepCopy();
        ((ObjectNode) wrongEnum.get("settings")).put("mode", "SOMETIMES");
        ObjectNode numberForYesNo = definition.deepCopy();
        ((ObjectNode) numberForYesNo.get("settings")).put("parallelSearch", 2147483648L);

        // when
        Reply unknownField = postJson("/api/v1/tenants", Map.of("id", "typo-tenant", "name", "Typo", "nmae", "x"));
        Reply unknownSetting = putJson("/api/v1/tenants/strict/pipeline", typo);
        Reply notAnInteger = putJson("/api/v1/tenants/strict/pipeline", wrongType);
        Reply notAMode = putJson("/api/v1/tenants/strict/pipeline", wrongEnum);
        Reply notAYesNo = putJson("/api/v1/tenants/strict/pipeline", numberForYesNo);

        // then
        assertThat(unknownField.status()).isEqualTo(400);
        assertThat(unknownField.body().get("details").toString()).contains("nmae: unknown field");
        assertThat(get("/api/v1/tenants/typo-tenant").status()).as("nothing created").isEqualTo(404);
        assertThat(unknownSetting.body().get("details").toString()).contains("settings.uperThreshold: unknown field");
        assertThat(notAnInteger.body().get("details").toString()).contains("settings.topK: 'eight' is not an integer");
        assertThat(notAMode.body().get("details").toString()).contains("settings.mode: 'SOMETIMES' is not one of");
        assertThat(notAYesNo.status()).isEqualTo(400);
        assertThat(notAYesNo.body().get("details").toString()).contains("settings.parallelSearch");
        assertThat(putJson("/api/v1/tenants/strict/pipeline", definition).status()).as("the definition as read").isEqualTo(200);
    }

    @Test
    void should_refuse_settings_the_plugin_itself_finds_unusable__with_its_reasons__before_saving() {
        // given: settings of the right types that no instance could start with
        createTenant("unusable");
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/unusable/pipeline").body().get("definition");
        int before = get("/api/v1/tenants/unusable/pipeline").body().get("version").asInt();
        ((ObjectNode) definition.get("stages")).set("retriever", JSON.valueToTree(Map.of("factoryId", "pgvector-retriever",
                "properties", Map.of("url", "jdbc:mysql://127.0.0.1/kb", "tablePrefix", "x_acme"))));
        ((ObjectNode) definition.get("stages")).set("search", JSON.valueToTree(Map.of("factoryId", "searxng-search",
                "properties", Map.of("baseUrl", "ftp://127.0.0.1/search"))));

        // when
        Reply saved = putJson("/api/v1/tenants/unusable/pipeline", definition);

        // then
        assertThat(saved.status()).isEqualTo(400);
        assertThat(saved.body().get("details").toString())
                .contains("stages.retriever: url must be a PostgreSQL JDBC URL")
                .contains("stages.retriever: tablePrefix must be")
                .contains("stages.search: baseUrl must be an http:// or https:// URL");
        assertThat(get("/api/v1/tenants/unusable/pipeline").body().get("version").asInt()).as("nothing saved").isEqualTo(before);
    }

    @Test
    void should_reject_an_invalid_pipeline__listing_every_problem() {
        // given
        createTenant("pipes");
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/pipes/pipeline").body().get("definition");
        ((ObjectNode) definition.get("stages")).set("generator", JSON.valueToTree(Map.of("factoryId", "gpt-42")));
        ((ObjectNode) definition.get("stages")).set("retriever",
                JSON.valueToTree(Map.of("factoryId", "lucene-retriever", "properties", Map.of("rrfK", "0", "colour", "red"))));

        // when
        Reply reply = putJson("/api/v1/tenants/pipes/pipeline", definition);
        ObjectNode thresholds = (ObjectNode) get("/api/v1/tenants/pipes/pipeline").body().get("definition");
        ((ObjectNode) thresholds.get("settings")).put("lowerThreshold", 0.9).put("upperThreshold", 0.2);
        Reply crossed = putJson("/api/v1/tenants/pipes/pipeline", thresholds);

        // then
        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.body().get("code").asText()).isEqualTo("invalid_pipeline");
        assertThat(reply.body().get("details").toString())
                .contains("stages.generator: no started plugin offers a generator 'gpt-42' (available: ")
                .contains("stages.retriever.rrfK: must be at least 1, was 0")
                .contains("stages.retriever.colour: unknown setting");
        assertThat(crossed.status()).isEqualTo(400);
        assertThat(crossed.body().get("details").toString()).contains("must not be above the upper threshold");
        assertThat(get("/api/v1/tenants/pipes/pipeline").body().get("version").asInt()).as("nothing saved").isEqualTo(1);
    }

    @Test
    void should_degrade_not_fail__when_a_plugin_cannot_serve__and_keep_serving_other_tenants() {
        // given: a web fallback whose corpus does not exist, so the plugin's factory throws
        createTenant("broken");
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/broken/pipeline").body().get("definition");
        ((ObjectNode) definition.get("stages")).set("search",
                JSON.valueToTree(Map.of("factoryId", "local-corpus-search", "properties", Map.of("corpus", "missing.jsonl"))));
        Reply saved = putJson("/api/v1/tenants/broken/pipeline", definition);
        assertThat(saved.status()).isEqualTo(200);
        assertThat(saved.body().get("version").asInt()).isEqualTo(2);

        // when
        Reply reply = ask("broken", "What is the boiling point of water?");

        // then
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body().get("degraded").asBoolean()).isTrue();
        assertThat(reply.body().get("abstained").asBoolean()).isTrue();
        assertThat(reply.body().get("notices").toString()).contains("web search failed").contains("missing.jsonl");
        assertThat(ask("demo", "What is the Hepatitis C virus?").body().get("degraded").asBoolean()).isFalse();
    }

    @Test
    void should_list_the_installed_plugins_and_their_factories() {
        Reply plugins = get("/api/v1/plugins");
        Reply factories = get("/api/v1/plugins/factories");

        assertThat(plugins.body()).hasSize(TestPlugins.SHIPPED).allSatisfy(p -> assertThat(p.get("state").asText()).isEqualTo("STARTED"));
        assertThat(StreamSupport.stream(factories.body().spliterator(), false))
                .anySatisfy(f -> {
                    assertThat(f.get("id").asText()).isEqualTo("lightweight-evaluator");
                    assertThat(f.get("kind").asText()).isEqualTo("evaluator");
                    assertThat(f.get("properties").toString()).contains("semanticWeight");
                });
    }

    @Test
    void should_describe_the_api_with_openapi_and_serve_swagger_ui() {
        signIn(null, null);
        Reply docs = get("/v3/api-docs");

        assertThat(docs.status()).isEqualTo(200);
        assertThat(docs.body().get("paths").has("/api/v1/tenants/{tenant}/query")).isTrue();
        assertThat(docs.body().get("paths").has("/public/v1/ask")).isTrue();
        assertThat(docs.body().get("paths").has("/v1/chat/completions")).isTrue();
        assertThat(docs.body().get("components").get("securitySchemes").has("admin")).isTrue();
        signInAsAdmin();
    }
}

package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.plugins.llm.testing.FakeModelServer;
import io.corrigo.server.audit.AuditLog;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The audit log over HTTP: each kind of admin change (tenant, pipeline, key, user, token, settings, knowledge, plugin)
 * and failed sign-ins are recorded with who, from where, and the state before and after with secrets masked; the log
 * is filtered, scoped to a tenant admin's tenants, exported, and pruned after its retention.
 */
class AuditLogApiTest extends HostTestBase {

    private static final String SECRET = "sk-audit-very-secret";

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    AuditLog audit;

    @AfterEach
    void backToAdmin() {
        signInAsAdmin();
    }

    private List<JsonNode> entries(String query) {
        Reply page = get("/api/v1/audit?size=500" + query);
        assertThat(page.status()).as(page.body().toString()).isEqualTo(200);
        return StreamSupport.stream(page.body().get("entries").spliterator(), false).toList();
    }

    private static List<String> actions(List<JsonNode> entries) {
        return entries.stream().map(e -> e.get("action").asText()).toList();
    }

    private static JsonNode first(List<JsonNode> entries, String action) {
        return entries.stream().filter(e -> e.get("action").asText().equals(action)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + action + " in " + actions(entries)));
    }

    @Test
    void should_trust_no_forwarded_address_from_a_client_that_is_not_a_configured_proxy() throws Exception {
        // given: a client on loopback (a private address, which Tomcat's default would have trusted as a proxy)
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        List<String> sent = List.of("203.0.113.7", "198.51.100.23", "192.0.2.99");

        // when: each change claims another client address
        for (int i = 0; i < sent.size(); i++) {
            java.net.http.HttpResponse<String> created = http.send(java.net.http.HttpRequest.newBuilder(
                    java.net.URI.create("http://127.0.0.1:" + port + "/api/v1/tenants"))
                    .header("Authorization", adminAuthorization()).header("Content-Type", "application/json")
                    .header("X-Forwarded-For", sent.get(i))
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"id\":\"forwarded-" + i + "\",\"name\":\"F\"}"))
                    .build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        }

        // then: the audit log (and with it sign-in throttling and the widget's per-address limit, which read the same
        // address) has the connection's own address
        for (int i = 0; i < sent.size(); i++) {
            JsonNode entry = first(entries("&tenant=forwarded-" + i), "tenant.create");
            assertThat(entry.get("address").asText()).as("claimed " + sent.get(i)).isEqualTo("127.0.0.1");
        }
    }

    @Test
    void should_record_each_kind_of_tenant_change_with_actor_address_and_states_before_and_after() throws Exception {
        // given
        String t = "audit-changes";
        String base = "/api/v1/tenants/" + t;
        assertThat(postJson("/api/v1/tenants", Map.of("id", t, "name", "Audit")).status()).isEqualTo(201);

        // when: a tenant change, a draft published then rolled back, a pipeline with a secret, a key, settings, a document
        assertThat(patchJson(base, Map.of("name", "Audited")).status()).isEqualTo(200);
        JsonNode active = get(base + "/pipeline").body();
        int v1 = active.get("version").asInt();
        ObjectNode definition = (ObjectNode) active.get("definition");
        ((ObjectNode) definition.get("settings")).put("upperThreshold", 0.71);
        int v2 = postJson(base + "/pipeline/drafts", definition).body().get("version").asInt();
        assertThat(postJson(base + "/pipeline/versions/" + v2 + "/publish", Map.of()).status()).isEqualTo(200);
        assertThat(postJson(base + "/pipeline/versions/" + v1 + "/publish", Map.of()).status()).isEqualTo(200);
        try (FakeModelServer model = new FakeModelServer()) {
            ((ObjectNode) definition.get("stages")).set("generator", JSON.valueToTree(Map.of("factoryId",
                    "openai-generator", "properties", Map.of("baseUrl", model.openAiUrl(), "model", "m", "apiKey", SECRET))));
            assertThat(putJson(base + "/pipeline", definition).status()).isEqualTo(200);
        }
        String keyId = postJson(base + "/keys", Map.of("kind", "SECRET", "name", "backend")).body().get("key").get("id").asText();
        assertThat(delete(base + "/keys/" + keyId).status()).isEqualTo(200);
        assertThat(putJson(base + "/budget", Map.of("monthlyLimit", 25.0, "warnShare", 0.8, "policy", "WARN")).status()).isEqualTo(200);
        assertThat(putJson(base + "/webhook", Map.of("url", "http://127.0.0.1:9/hook", "secret", "whsec-long-enough-secret",
                "enabled", true)).status()).isEqualTo(200);
        String doc = uploadAndWait(base + "/documents", "audit.txt",
                "The audit lighthouse was built in 1870.".getBytes(StandardCharsets.UTF_8)).body().get("documents").get(0).get("id").asText();
        assertThat(delete(base + "/documents/" + doc).status()).isIn(200, 204);

        // then
        List<JsonNode> entries = entries("&tenant=" + t);
        assertThat(actions(entries)).contains("tenant.create", "tenant.update", "pipeline.draft", "pipeline.publish",
                "pipeline.rollback", "pipeline.save", "key.create", "key.revoke", "settings.budget", "settings.webhook",
                "document.upload", "document.delete");
        assertThat(entries).allSatisfy(e -> {
            assertThat(e.get("actor").asText()).isEqualTo(ADMIN);
            assertThat(e.get("address").asText()).isEqualTo("127.0.0.1");
            assertThat(e.get("tenant").asText()).isEqualTo(t);
        });
        JsonNode rename = first(entries, "tenant.update");
        assertThat(JSON.readTree(rename.get("before").asText()).get("name").asText()).isEqualTo("Audit");
        assertThat(JSON.readTree(rename.get("after").asText()).get("name").asText()).isEqualTo("Audited");
        JsonNode publish = first(entries, "pipeline.publish");
        assertThat(publish.get("target").asText()).isEqualTo("version " + v2);
        assertThat(JSON.readTree(publish.get("after").asText()).at("/definition/settings/upperThreshold").asDouble()).isEqualTo(0.71);
        JsonNode saved = first(entries, "pipeline.save");
        assertThat(saved.get("after").asText()).contains("openai-generator").contains("\"apiKey\":\"********\"");
        assertThat(first(entries, "key.revoke").get("after").asText()).contains("revokedAt");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM audit_event WHERE before_state LIKE ? OR after_state LIKE ?",
                Long.class, "%" + SECRET + "%", "%" + SECRET + "%")).as("no secret in any state").isZero();
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM audit_event WHERE after_state LIKE ?", Long.class,
                "%whsec-long-enough-secret%")).isZero();
        // filtering by kind keeps only that kind
        assertThat(actions(entries("&tenant=" + t + "&action=pipeline"))).isNotEmpty().allMatch(a -> a.startsWith("pipeline."));
    }

    @Test
    void should_record_users_tokens_plugins_failed_sign_ins_and_a_deleted_tenant() {
        // given
        Instant since = Instant.now().minusSeconds(1);
        assertThat(postJson("/api/v1/tenants", Map.of("id", "audit-gone", "name", "Gone")).status()).isEqualTo(201);

        // when
        assertThat(postJson("/api/v1/users", Map.of("username", "audit-user", "password", "audit-user-pw",
                "role", "TENANT_ADMIN", "tenants", List.of("audit-gone"))).status()).isEqualTo(201);
        assertThat(putJson("/api/v1/users/audit-user/password", Map.of("password", "audit-user-pw-2")).status()).isEqualTo(204);
        JsonNode token = postJson("/api/v1/tokens", Map.of("name", "audit token", "scopes", List.of("read", "write", "plugins"))).body();
        authorizeWith("Bearer " + token.get("value").asText());
        assertThat(postJson("/api/v1/plugins/pgvector-retriever/disable", Map.of()).status()).isEqualTo(200);
        assertThat(postJson("/api/v1/plugins/pgvector-retriever/enable", Map.of()).status()).isEqualTo(200);
        signInAsAdmin();
        assertThat(delete("/api/v1/tokens/" + token.get("token").get("id").asText()).status()).isEqualTo(200);
        signIn("audit-user", "wrong-password");
        assertThat(get("/api/v1/tenants").status()).isEqualTo(401);
        signInAsAdmin();
        assertThat(delete("/api/v1/users/audit-user").status()).isEqualTo(204);
        assertThat(delete("/api/v1/tenants/audit-gone?confirm=audit-gone").status()).isEqualTo(200);

        // then
        List<JsonNode> entries = entries("&from=" + since);
        assertThat(actions(entries)).contains("user.create", "user.password", "user.delete", "token.create",
                "token.revoke", "plugin.disable", "plugin.enable", "sign-in.failed", "tenant.delete");
        JsonNode disabled = first(entries, "plugin.disable");
        assertThat(disabled.get("via").asText()).as("made with the token").isEqualTo("token " + token.get("token").get("id").asText());
        assertThat(disabled.get("actor").asText()).isEqualTo(ADMIN);
        assertThat(disabled.get("before").asText()).contains("\"state\":\"STARTED\"");
        assertThat(disabled.get("after").asText()).contains("\"state\":\"DISABLED\"");
        JsonNode failed = first(entries, "sign-in.failed");
        assertThat(failed.get("actor").asText()).isEqualTo("audit-user");
        assertThat(failed.get("outcome").asText()).isEqualTo("refused");
        assertThat(first(entries, "user.password").toString()).doesNotContain("audit-user-pw");
        assertThat(first(entries, "tenant.delete").get("tenant").asText()).as("kept after the tenant is gone").isEqualTo("audit-gone");
    }

    @Test
    void should_show_a_tenant_admin_only_their_tenants_entries() {
        // given
        for (String t : List.of("audit-mine", "audit-theirs")) {
            assertThat(postJson("/api/v1/tenants", Map.of("id", t, "name", t)).status()).isEqualTo(201);
        }
        assertThat(postJson("/api/v1/users", Map.of("username", "audit-reader", "password", "audit-reader-pw",
                "role", "TENANT_ADMIN", "tenants", List.of("audit-mine"))).status()).isEqualTo(201);

        // when
        signIn("audit-reader", "audit-reader-pw");
        List<JsonNode> visible = entries("");
        List<JsonNode> theirs = entries("&tenant=audit-theirs");

        // then
        assertThat(visible).isNotEmpty().allMatch(e -> e.get("tenant").asText().equals("audit-mine"));
        assertThat(theirs).isEmpty();
    }

    @Test
    void should_export_as_csv_and_json_lines_with_the_same_filters() throws Exception {
        // given
        assertThat(postJson("/api/v1/tenants", Map.of("id", "audit-export", "name", "=HYPERLINK(\"x\")")).status()).isEqualTo(201);

        // when
        Reply csv = getText("/api/v1/audit/export?format=csv&tenant=audit-export");
        Reply jsonl = getText("/api/v1/audit/export?format=jsonl&tenant=audit-export");
        Reply bad = get("/api/v1/audit/export?format=xlsx");

        // then
        List<String> lines = csv.body().asText().lines().toList();
        assertThat(lines.get(0)).isEqualTo("id,at,actor,via,address,action,tenant,target,outcome,before,after");
        assertThat(lines).anyMatch(l -> l.contains(",tenant.create,audit-export,"));
        List<String> json = jsonl.body().asText().lines().toList();
        assertThat(json).isNotEmpty();
        assertThat(JSON.readTree(json.get(0)).get("tenant").asText()).isEqualTo("audit-export");
        assertThat(bad.status()).isEqualTo(400);
    }

    @Test
    void should_prune_entries_older_than_the_retention() {
        // given
        OffsetDateTime old = OffsetDateTime.ofInstant(Instant.now().minus(audit.retention()).minusSeconds(3600), ZoneOffset.UTC);
        jdbc.update("INSERT INTO audit_event (at, actor, action, outcome) VALUES (?, 'someone', 'tenant.update', 'ok')", old);
        long before = jdbc.queryForObject("SELECT COUNT(*) FROM audit_event", Long.class);

        // when
        int pruned = audit.prune();

        // then
        assertThat(pruned).isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM audit_event", Long.class)).isEqualTo(before - 1);
    }
}

package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
 * Personal admin API tokens over HTTP: made by a signed-in admin and shown once, Bearer on {@code /api/v1/**}, held to
 * their scopes (403 outside), role and tenants, and refused (401) once revoked or expired or when their user is
 * disabled.
 */
class AdminTokensApiTest extends HostTestBase {

    @Autowired
    JdbcTemplate jdbc;

    @AfterEach
    void backToAdmin() {
        signInAsAdmin();
    }

    private JsonNode createToken(Map<String, Object> request) {
        Reply created = postJson("/api/v1/tokens", request);
        assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
        return created.body();
    }

    private void bearer(JsonNode created) {
        authorizeWith("Bearer " + created.get("value").asText());
    }

    private static List<String> ids(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(n -> n.get("id").asText()).toList();
    }

    @Test
    void should_stream_whole_run_and_audit_exports_to_a_read_token() {
        // given: runs to export, and a read token
        for (int i = 0; i < 3; i++) {
            assertThat(ask("demo", "What is the Hepatitis C virus? (" + i + ")").status()).isEqualTo(200);
        }
        bearer(createToken(Map.of("name", "exports", "scopes", List.of("read"))));

        // when
        Reply runs = getText("/api/v1/tenants/demo/runs/export");
        Reply audit = getText("/api/v1/audit/export?format=jsonl");

        // then: whole files, every line a JSON object, the last one complete
        assertThat(runs.status()).isEqualTo(200);
        List<String> lines = runs.body().asText().lines().toList();
        assertThat(lines).hasSizeGreaterThanOrEqualTo(3).allSatisfy(line -> assertThat(line).startsWith("{").endsWith("}"));
        assertThat(audit.status()).isEqualTo(200);
        assertThat(audit.body().asText().lines().toList()).isNotEmpty()
                .allSatisfy(line -> assertThat(line).startsWith("{").endsWith("}"));
    }

    @Test
    void should_show_a_token_once_and_store_only_its_hash() {
        // when
        JsonNode created = createToken(Map.of("name", "ci pipeline", "scopes", List.of("read")));
        String value = created.get("value").asText();
        String id = created.get("token").get("id").asText();
        Reply listed = get("/api/v1/tokens");

        // then
        assertThat(value).startsWith("crg_pat_").hasSizeGreaterThan(38);
        assertThat(created.get("token").get("state").asText()).isEqualTo("active");
        assertThat(created.get("token").get("role").asText()).isEqualTo("PLATFORM_ADMIN");
        assertThat(listed.body().toString()).contains(id).doesNotContain(value);
        Map<String, Object> row = jdbc.queryForMap("SELECT * FROM admin_token WHERE id = ?", id);
        assertThat(row.values().toString()).doesNotContain(value);
        assertThat(row.get("token_hash").toString()).hasSize(64);
    }

    @Test
    void should_hold_a_read_token_to_reading__403_for_a_change_a_plugin_change_or_a_token() {
        // given
        JsonNode read = createToken(Map.of("name", "reader", "scopes", List.of("read")));

        // when
        bearer(read);
        Reply tenants = get("/api/v1/tenants");
        Reply rename = patchJson("/api/v1/tenants/demo", Map.of("name", "Renamed by a reader"));
        Reply plugin = postJson("/api/v1/plugins/no-such-plugin/disable", Map.of());
        Reply mint = postJson("/api/v1/tokens", Map.of("name", "child", "scopes", List.of("read", "write")));
        Reply listTokens = get("/api/v1/tokens");

        // then
        assertThat(tenants.status()).isEqualTo(200);
        assertThat(ids(tenants.body())).contains("demo");
        assertThat(rename.status()).isEqualTo(403);
        assertThat(rename.body().get("code").asText()).isEqualTo("insufficient_scope");
        assertThat(rename.body().get("message").asText()).contains("'write'");
        assertThat(plugin.status()).isEqualTo(403);
        assertThat(plugin.body().get("message").asText()).contains("'plugins'");
        assertThat(mint.status()).isEqualTo(403);
        assertThat(mint.body().get("code").asText()).isEqualTo("token_not_allowed");
        assertThat(listTokens.status()).isEqualTo(403);
        signInAsAdmin();
        assertThat(get("/api/v1/tenants/demo").body().get("name").asText()).isNotEqualTo("Renamed by a reader");
    }

    @Test
    void should_let_a_write_token_change_and_a_plugins_token_reach_plugin_changes() {
        // given
        assertThat(postJson("/api/v1/tenants", Map.of("id", "tok-write", "name", "Write")).status()).isIn(201, 409);
        JsonNode writer = createToken(Map.of("name", "writer", "scopes", List.of("read", "write")));
        JsonNode plugins = createToken(Map.of("name", "plugin deployer", "scopes", List.of("plugins")));

        // when
        bearer(writer);
        Reply renamed = patchJson("/api/v1/tenants/tok-write", Map.of("name", "Written with a token"));
        Reply pluginByWriter = postJson("/api/v1/plugins/no-such-plugin/disable", Map.of());
        bearer(plugins);
        Reply pluginByDeployer = postJson("/api/v1/plugins/no-such-plugin/disable", Map.of());
        Reply readByDeployer = get("/api/v1/tenants");

        // then
        assertThat(renamed.status()).isEqualTo(200);
        assertThat(renamed.body().get("name").asText()).isEqualTo("Written with a token");
        assertThat(pluginByWriter.status()).isEqualTo(403);
        assertThat(pluginByDeployer.status()).as("past the scope check: the plugin is missing").isEqualTo(404);
        assertThat(readByDeployer.status()).isEqualTo(403);
    }

    @Test
    void should_reach_only_the_tenants_of_a_tenant_admin_token_and_no_further_than_its_user() {
        // given
        for (String t : List.of("tok-alpha", "tok-beta")) {
            assertThat(postJson("/api/v1/tenants", Map.of("id", t, "name", t)).status()).isIn(201, 409);
        }
        assertThat(postJson("/api/v1/users", Map.of("username", "tok-tenant-admin", "password", "tenant-admin-pw",
                "role", "TENANT_ADMIN", "tenants", List.of("tok-alpha"))).status()).isIn(201, 409);
        JsonNode narrowed = createToken(Map.of("name", "alpha only", "role", "TENANT_ADMIN",
                "tenants", List.of("tok-alpha"), "scopes", List.of("read")));

        // when
        bearer(narrowed);
        Reply tenants = get("/api/v1/tenants");
        Reply beta = get("/api/v1/tenants/tok-beta");
        Reply users = get("/api/v1/users");
        signIn("tok-tenant-admin", "tenant-admin-pw");
        Reply escalate = postJson("/api/v1/tokens", Map.of("name", "up", "role", "PLATFORM_ADMIN", "scopes", List.of("read")));
        Reply outside = postJson("/api/v1/tokens", Map.of("name", "out", "tenants", List.of("tok-beta"), "scopes", List.of("read")));
        Reply own = postJson("/api/v1/tokens", Map.of("name", "mine", "scopes", List.of("read")));

        // then
        assertThat(ids(tenants.body())).containsExactly("tok-alpha");
        assertThat(beta.status()).isEqualTo(404);
        assertThat(users.status()).isEqualTo(403);
        assertThat(escalate.status()).isEqualTo(400);
        assertThat(escalate.body().get("details").toString()).contains("role");
        assertThat(outside.status()).isEqualTo(400);
        assertThat(outside.body().get("details").toString()).contains("tok-beta");
        assertThat(own.status()).isEqualTo(201);
        assertThat(own.body().get("token").get("tenants").toString()).isEqualTo("[\"tok-alpha\"]");
    }

    @Test
    void should_refuse_a_revoked_an_expired_and_a_disabled_users_token_with_401() {
        // given
        JsonNode revoked = createToken(Map.of("name", "to revoke", "scopes", List.of("read")));
        JsonNode expiring = createToken(Map.of("name", "to expire", "scopes", List.of("read"), "expiresInDays", 1));
        assertThat(postJson("/api/v1/users", Map.of("username", "tok-leaver", "password", "platform-pw-1",
                "role", "PLATFORM_ADMIN")).status()).isIn(201, 409);
        signIn("tok-leaver", "platform-pw-1");
        JsonNode leavers = createToken(Map.of("name", "leaver's", "scopes", List.of("read")));
        signInAsAdmin();
        bearer(revoked);
        assertThat(get("/api/v1/tenants").status()).as("works before").isEqualTo(200);
        bearer(leavers);
        assertThat(get("/api/v1/tenants").status()).as("works before").isEqualTo(200);

        // when
        signInAsAdmin();
        Reply revoke = delete("/api/v1/tokens/" + revoked.get("token").get("id").asText());
        jdbc.update("UPDATE admin_token SET expires_at = ? WHERE id = ?",
                OffsetDateTime.ofInstant(Instant.now().minusSeconds(1), ZoneOffset.UTC), expiring.get("token").get("id").asText());
        assertThat(patchJson("/api/v1/users/tok-leaver", Map.of("enabled", false)).status()).isEqualTo(200);
        bearer(revoked);
        Reply afterRevoke = get("/api/v1/tenants");
        bearer(expiring);
        Reply afterExpiry = get("/api/v1/tenants");
        bearer(leavers);
        Reply afterDisable = get("/api/v1/tenants");
        authorizeWith("Bearer crg_pat_madeUpTokenValueThatWasNeverIssued00");
        Reply unknown = get("/api/v1/tenants");

        // then
        assertThat(revoke.status()).isEqualTo(200);
        assertThat(revoke.body().get("state").asText()).isEqualTo("revoked");
        for (Reply refused : List.of(afterRevoke, afterExpiry, afterDisable, unknown)) {
            assertThat(refused.status()).isEqualTo(401);
            assertThat(refused.body().get("code").asText()).isEqualTo("invalid_token");
        }
        signInAsAdmin();
        JsonNode listed = get("/api/v1/tokens").body();
        assertThat(listed.toString()).contains("\"state\":\"expired\"").contains("\"state\":\"revoked\"");
    }

    @Test
    void should_keep_when_a_token_was_last_used_and_validate_new_tokens() {
        // given
        JsonNode token = createToken(Map.of("name", "used", "scopes", List.of("read")));
        String id = token.get("token").get("id").asText();
        assertThat(token.get("token").get("lastUsedAt").isNull()).isTrue();

        // when
        bearer(token);
        get("/api/v1/tenants");
        signInAsAdmin();
        Reply bad = postJson("/api/v1/tokens", Map.of("name", " ", "scopes", List.of("read", "admin"), "expiresInDays", 999));

        // then
        JsonNode listed = StreamSupport.stream(get("/api/v1/tokens").body().spliterator(), false)
                .filter(t -> t.get("id").asText().equals(id)).findFirst().orElseThrow();
        assertThat(listed.get("lastUsedAt").isNull()).isFalse();
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().get("details").toString()).contains("name").contains("'admin'").contains("expiresInDays");
    }
}

package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/** Who may call the REST API: signed-in admins only, tenant admins only within their tenants. */
class SecurityApiTest extends HostTestBase {

    private static final String PASSWORD = "tenant-admin-pw";

    @Autowired
    JdbcTemplate jdbc;

    @AfterEach
    void backToAdmin() {
        signInAsAdmin();
    }

    private void tenantAdmin(String user, String... tenants) {
        for (String t : tenants) {
            assertThat(postJson("/api/v1/tenants", Map.of("id", t, "name", "Tenant " + t)).status()).isIn(201, 409);
        }
        Reply created = postJson("/api/v1/users", Map.of("username", user, "password", PASSWORD,
                "role", "TENANT_ADMIN", "tenants", List.of(tenants)));
        assertThat(created.status()).isIn(201, 409);
    }

    private static List<String> ids(JsonNode array, String field) {
        return StreamSupport.stream(array.spliterator(), false).map(n -> n.get(field).asText()).toList();
    }

    @Test
    void should_refuse_a_request_without_or_with_wrong_credentials__with_a_json_401() {
        signIn(null, null);
        Reply anonymous = ask("demo", "What is the Hepatitis C virus?");
        signIn(ADMIN, "wrong-password");
        Reply wrong = get("/api/v1/tenants");

        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(anonymous.body().get("code").asText()).isEqualTo("unauthorized");
        assertThat(wrong.status()).isEqualTo(401);
    }

    @Test
    void should_leave_the_health_check_open() {
        signIn(null, null);

        assertThat(get("/actuator/health").status()).isEqualTo(200);
        assertThat(get("/actuator/metrics").status()).isEqualTo(401);
    }

    @Test
    void should_store_passwords_only_as_bcrypt_hashes() {
        tenantAdmin("hash-check", "sec-hash");

        String hash = jdbc.queryForObject("SELECT password_hash FROM admin_user WHERE username = ?", String.class, "hash-check");
        String adminHash = jdbc.queryForObject("SELECT password_hash FROM admin_user WHERE username = ?", String.class, ADMIN);

        assertThat(hash).startsWith("{bcrypt}$2").doesNotContain(PASSWORD);
        assertThat(adminHash).startsWith("{bcrypt}$2").doesNotContain(ADMIN_PASSWORD);
    }

    @Test
    void should_show_a_tenant_admin_only_their_tenants__another_tenant_answering_as_if_missing() {
        tenantAdmin("alice", "sec-alpha");
        assertThat(postJson("/api/v1/tenants", Map.of("id", "sec-beta", "name", "Beta")).status()).isIn(201, 409);
        Reply betaRun = ask("sec-beta", "anything in beta?");
        String betaRunId = betaRun.body().get("runId").asText();

        signIn("alice", PASSWORD);
        Reply list = get("/api/v1/tenants");
        Reply own = ask("sec-alpha", "anything in alpha?");
        Reply other = get("/api/v1/tenants/sec-beta");
        Reply missing = get("/api/v1/tenants/sec-nonexistent");
        Reply otherQuery = ask("sec-beta", "anything?");
        Reply otherRun = get("/api/v1/tenants/sec-beta/runs/" + betaRunId);
        Reply otherRunById = get("/api/v1/runs/" + betaRunId);
        Reply ownRunById = get("/api/v1/runs/" + own.body().get("runId").asText());
        Reply otherRuns = get("/api/v1/tenants/sec-beta/runs");
        Reply otherDocs = get("/api/v1/tenants/sec-beta/documents");
        Reply otherPipeline = putJson("/api/v1/tenants/sec-beta/pipeline", Map.of());
        Reply demo = get("/api/v1/tenants/demo/runs");
        Reply breakers = get("/api/v1/resilience");

        assertThat(ids(list.body(), "id")).containsExactly("sec-alpha");
        assertThat(own.status()).isEqualTo(200);
        assertThat(other.status()).isEqualTo(404);
        assertThat(other.body().get("code")).isEqualTo(missing.body().get("code"));
        assertThat(otherQuery.status()).isEqualTo(404);
        assertThat(otherRun.status()).isEqualTo(404);
        assertThat(otherRun.body().toString()).doesNotContain("anything in beta");
        assertThat(otherRunById.status()).isEqualTo(404);
        assertThat(otherRunById.body().toString()).doesNotContain("anything in beta");
        assertThat(ownRunById.status()).isEqualTo(200);
        assertThat(otherRuns.status()).isEqualTo(404);
        assertThat(otherDocs.status()).isEqualTo(404);
        assertThat(otherPipeline.status()).isEqualTo(404);
        assertThat(demo.status()).isEqualTo(404);
        assertThat(ids(breakers.body(), "tenant")).allMatch("sec-alpha"::equals);
    }

    @Test
    void should_keep_tenants_and_users_to_platform_admins() {
        tenantAdmin("bob", "sec-gamma");

        signIn("bob", PASSWORD);
        Reply createTenant = postJson("/api/v1/tenants", Map.of("id", "sec-bobs", "name", "Bob's"));
        Reply disable = patchJson("/api/v1/tenants/sec-gamma", Map.of("enabled", false));
        Reply users = get("/api/v1/users");
        Reply promote = patchJson("/api/v1/users/bob", Map.of("role", "PLATFORM_ADMIN"));

        assertThat(createTenant.status()).isEqualTo(403);
        assertThat(createTenant.body().get("code").asText()).isEqualTo("forbidden");
        assertThat(disable.status()).isEqualTo(403);
        assertThat(users.status()).isEqualTo(403);
        assertThat(promote.status()).isEqualTo(403);
        signInAsAdmin();
        assertThat(get("/api/v1/tenants/sec-bobs").status()).isEqualTo(404);
    }

    @Test
    void should_rename_disable_and_enable_a_tenant() {
        assertThat(postJson("/api/v1/tenants", Map.of("id", "sec-delta", "name", "Delta")).status()).isIn(201, 409);

        Reply renamed = patchJson("/api/v1/tenants/sec-delta", Map.of("name", "Delta Corp"));
        Reply disabled = patchJson("/api/v1/tenants/sec-delta", Map.of("enabled", false));
        Reply queryWhileDisabled = ask("sec-delta", "anything?");
        Reply enabled = patchJson("/api/v1/tenants/sec-delta", Map.of("enabled", true));
        Reply queryAgain = ask("sec-delta", "anything?");
        Reply blankName = patchJson("/api/v1/tenants/sec-delta", Map.of("name", " "));

        assertThat(renamed.body().get("name").asText()).isEqualTo("Delta Corp");
        assertThat(disabled.body().get("enabled").asBoolean()).isFalse();
        assertThat(queryWhileDisabled.status()).isEqualTo(404);
        assertThat(enabled.body().get("enabled").asBoolean()).isTrue();
        assertThat(queryAgain.status()).isEqualTo(200);
        assertThat(blankName.status()).isEqualTo(400);
    }

    @Test
    void should_validate_users_and_keep_the_last_platform_admin() {
        Reply weak = postJson("/api/v1/users", Map.of("username", "weak", "password", "short", "role", "TENANT_ADMIN",
                "tenants", List.of("demo")));
        Reply unknownTenant = postJson("/api/v1/users", Map.of("username", "lost", "password", "long-enough-pw",
                "role", "TENANT_ADMIN", "tenants", List.of("no-such-tenant")));
        Reply deleteLast = delete("/api/v1/users/" + ADMIN);
        Reply demoteLast = patchJson("/api/v1/users/" + ADMIN, Map.of("role", "TENANT_ADMIN", "tenants", List.of("demo")));

        assertThat(weak.status()).isEqualTo(400);
        assertThat(weak.body().get("details").toString()).contains("password");
        assertThat(unknownTenant.status()).isEqualTo(400);
        assertThat(unknownTenant.body().get("details").toString()).contains("no-such-tenant");
        assertThat(deleteLast.status()).isEqualTo(409);
        assertThat(demoteLast.status()).isEqualTo(409);
        assertThat(get("/api/v1/users").body().toString()).contains("\"username\":\"admin\"").doesNotContain("password");
    }

    @Test
    void should_lock_a_user_name_after_five_wrong_passwords__refusing_even_the_right_one_with_429__but_not_other_users() {
        // given
        tenantAdmin("guessed", "guessing");
        tenantAdmin("neighbour", "guessing");

        // when: five wrong passwords for one user
        signIn("guessed", "wrong-password");
        List<Integer> wrong = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            wrong.add(get("/api/v1/tenants").status());
        }
        signIn("guessed", PASSWORD);
        Reply right = get("/api/v1/tenants");
        signIn("neighbour", PASSWORD);
        Reply neighbour = get("/api/v1/tenants");

        // then
        assertThat(wrong).containsOnly(401);
        assertThat(right.status()).as("the right password while locked: not even checked").isEqualTo(429);
        assertThat(right.body().get("code").asText()).isEqualTo("too_many_sign_in_failures");
        assertThat(right.body().get("message").asText()).contains("try again in");
        assertThat(neighbour.status()).as("another user from the same address").isEqualTo(200);
    }

    @Test
    void should_serve_prometheus_metrics_to_platform_admins_only() throws Exception {
        // given
        tenantAdmin("metrics-reader", "metrics");
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        java.util.function.Function<String, java.net.http.HttpResponse<String>> scrape = authorization -> {
            java.net.http.HttpRequest.Builder request = java.net.http.HttpRequest.newBuilder(
                    java.net.URI.create("http://127.0.0.1:" + port + "/actuator/prometheus"));
            if (authorization != null) {
                request.header("Authorization", authorization);
            }
            try {
                return http.send(request.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            } catch (java.io.IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        };

        // when
        var admin = scrape.apply(adminAuthorization());
        var tenantAdmin = scrape.apply(basic("metrics-reader", PASSWORD));
        var anonymous = scrape.apply(null);

        // then
        assertThat(admin.statusCode()).isEqualTo(200);
        assertThat(admin.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
        assertThat(admin.body()).contains("# TYPE jvm_memory_used_bytes gauge").contains("http_server_requests_seconds");
        assertThat(tenantAdmin.statusCode()).isEqualTo(403);
        assertThat(anonymous.statusCode()).isEqualTo(401);
    }
}

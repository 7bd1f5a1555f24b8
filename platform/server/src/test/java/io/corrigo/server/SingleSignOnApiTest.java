package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Setting up single sign-on over HTTP: platform admins only; every problem named; the client secret stored encrypted,
 * shown masked, kept when a save leaves it out, and recorded masked in the audit log. (The sign-in itself runs in a
 * browser against a real provider: {@code SingleSignOnBrowserTest} in the ui module.)
 */
class SingleSignOnApiTest extends HostTestBase {

    private static final String SECRET = "oidc-client-secret-value";

    @Autowired
    JdbcTemplate jdbc;

    @AfterEach
    void backToAdmin() {
        signInAsAdmin();
    }

    private static Map<String, Object> settings(String issuer, String clientId, String secret, List<String> platformValues) {
        java.util.Map<String, Object> body = new java.util.HashMap<>(Map.of("enabled", true, "issuer", issuer,
                "clientId", clientId, "platformAdminValues", platformValues, "tenantAdminValues", List.of()));
        if (secret != null) {
            body.put("clientSecret", secret);
        }
        return body;
    }

    @Test
    void should_store_the_secret_encrypted_show_it_masked_and_keep_it_on_a_save_without_it() {
        // when
        Reply saved = putJson("/api/v1/sso", settings("http://127.0.0.1:9/realms/corp", "corrigo", SECRET, List.of("admins")));
        Reply kept = putJson("/api/v1/sso", settings("http://127.0.0.1:9/realms/corp", "corrigo-2", null, List.of("admins")));
        Reply read = get("/api/v1/sso");

        // then
        assertThat(saved.status()).as(saved.body().toString()).isEqualTo(200);
        assertThat(kept.status()).as(kept.body().toString()).isEqualTo(200);
        assertThat(read.body().get("clientSecret").asText()).isEqualTo("********");
        assertThat(read.body().get("clientId").asText()).isEqualTo("corrigo-2");
        String stored = jdbc.queryForObject("SELECT client_secret FROM sso_settings WHERE id = 1", String.class);
        assertThat(stored).isNotBlank().doesNotContain(SECRET);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM audit_event WHERE action = 'settings.sso' AND "
                + "(after_state LIKE ? OR before_state LIKE ?)", Long.class, "%" + SECRET + "%", "%" + SECRET + "%")).isZero();
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM audit_event WHERE action = 'settings.sso'", Long.class))
                .isGreaterThanOrEqualTo(2);
    }

    @Test
    void should_name_every_problem_and_refuse_an_internal_issuer_and_a_new_issuer_without_its_secret() {
        // when
        Reply bad = putJson("/api/v1/sso", settings("ftp://login.example.com", " ", SECRET, List.of()));
        Reply internal = putJson("/api/v1/sso", settings("http://10.1.2.3/realms/corp", "corrigo", SECRET, List.of("admins")));
        assertThat(putJson("/api/v1/sso", settings("http://127.0.0.1:9/a", "corrigo", SECRET, List.of("admins"))).status()).isEqualTo(200);
        Reply movedWithoutSecret = putJson("/api/v1/sso", settings("http://127.0.0.1:9/b", "corrigo", null, List.of("admins")));

        // then
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().get("details").toString()).contains("issuer").contains("clientId").contains("platformAdminValues");
        assertThat(internal.status()).isEqualTo(400);
        assertThat(internal.body().get("details").toString()).contains("issuer");
        assertThat(movedWithoutSecret.status()).isEqualTo(400);
        assertThat(movedWithoutSecret.body().get("details").toString()).contains("clientSecret");
    }

    @Test
    void should_keep_single_sign_on_to_platform_admins() {
        // given
        assertThat(postJson("/api/v1/tenants", Map.of("id", "sso-api", "name", "SSO API")).status()).isIn(201, 409);
        assertThat(postJson("/api/v1/users", Map.of("username", "sso-api-admin", "password", "sso-api-admin-pw",
                "role", "TENANT_ADMIN", "tenants", List.of("sso-api"))).status()).isIn(201, 409);

        // when
        signIn("sso-api-admin", "sso-api-admin-pw");
        Reply read = get("/api/v1/sso");
        Reply write = putJson("/api/v1/sso", settings("http://127.0.0.1:9/x", "c", SECRET, List.of("a")));

        // then
        assertThat(read.status()).isEqualTo(403);
        assertThat(write.status()).isEqualTo(403);
    }
}

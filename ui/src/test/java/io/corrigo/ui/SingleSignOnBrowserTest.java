package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.tenant.TenantService;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.OAuth2Config;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Keys;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Single sign-on end to end in headless Chromium against a real OpenID Connect provider on 127.0.0.1 (NAV's
 * mock-oauth2-server, with its interactive sign-in page): a platform admin sets the provider up in the Users view;
 * a person whose groups claim says platform admin signs in through it, is made a Corrigo user just in time, makes an
 * API token and calls the REST API with it; a tenant admin by claims sees only their tenant; a person with no mapped
 * group is sent back to the sign-in page with the reason; the audit log holds the single sign-on sign-ins.
 */
class SingleSignOnBrowserTest extends UiTestBase {

    private static MockOAuth2Server provider;
    private static Browser browser;

    @Autowired
    TenantService tenants;

    @BeforeAll
    static void startProvider() throws Exception {
        provider = new MockOAuth2Server(new OAuth2Config(true));
        provider.start(InetAddress.getByName("127.0.0.1"), 0);
    }

    @AfterAll
    static void stop() {
        if (provider != null) {
            provider.shutdown();
        }
    }

    /** Signs in at the provider's own page as {@code username} with {@code claims}, and waits to be back. */
    private void signInThroughProvider(String username, String claims) {
        browser.open("/login");
        browser.click("sso-sign-in");
        browser.waitUntil(d -> d.getCurrentUrl().startsWith(provider.baseUrl().toString().replaceAll("/$", "")), Duration.ofSeconds(20));
        browser.screenshot("sso-00b-at-provider");
        browser.css("input[name='username']").sendKeys(username);
        browser.css("textarea[name='claims']").sendKeys(claims);
        browser.screenshot("sso-01-provider-sign-in");
        browser.css("input[type='submit']").sendKeys(Keys.ENTER);
        browser.waitUntil(d -> d.getCurrentUrl().startsWith("http://127.0.0.1:" + port), Duration.ofSeconds(20));
        browser.waitForVaadin();
    }

    @Test
    void should_sign_in_through_the_provider_as_the_role_its_claims_give_and_use_an_api_token() throws Exception {
        // given: a tenant, and the provider set up by the platform admin in the Users view
        if (!tenants.exists("sso-tenant")) {
            tenants.create("sso-tenant", "SSO tenant");
        }
        browser = adminBrowser();
        browser.open("/users");
        browser.script("document.getElementById('sso-settings').opened = true");
        browser.click("sso-enabled");
        browser.type("sso-issuer", provider.issuerUrl("corp").toString());
        browser.type("sso-client-id", "corrigo");
        browser.type("sso-client-secret", "corrigo-client-secret");
        browser.type("sso-platform-values", "corrigo-admins");
        browser.type("sso-tenant-values", "corrigo-tenant-admins");
        browser.click("sso-save");
        browser.waitUntil(d -> browser.text("sso-status").startsWith("On: "), Duration.ofSeconds(20));
        browser.screenshot("sso-00-settings");
        browser.signOut();

        // when: a platform admin by claims signs in through the provider
        signInThroughProvider("sso-alice", "{\"groups\": [\"corrigo-admins\", \"staff\"]}");
        String header = browser.page();
        browser.screenshot("sso-02-signed-in");
        // and makes a token and calls the API with it
        browser.open("/tokens");
        browser.type("new-token-name", "sso token");
        browser.click("create-token");
        String token = browser.element("new-token-value").getDomProperty("value");
        browser.click("new-token-done");
        int apiStatus = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/api/v1/users")).header("Authorization", "Bearer " + token).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
        browser.open("/audit");
        browser.waitUntil(d -> browser.page().contains("User · provisioned by single sign-on"), Duration.ofSeconds(10));
        String audit = browser.element("audit-grid").getText();
        browser.signOut();

        // then
        assertThat(header).contains("sso-alice").contains("platform admin");
        assertThat(apiStatus).as("a platform admin's token reads the users").isEqualTo(200);
        assertThat(audit).contains("User · provisioned by single sign-on", "Sign-in", "sso", "API token · created");

        // when: a tenant admin by claims
        signInThroughProvider("sso-bob", "{\"groups\": [\"corrigo-tenant-admins\"], \"corrigo_tenants\": [\"sso-tenant\", \"no-such\"]}");
        String bob = browser.page();
        browser.open("/tenants");
        String bobsTenants = browser.page();
        browser.signOut();
        // and someone whose groups map to no role
        signInThroughProvider("sso-mallory", "{\"groups\": [\"staff\"]}");
        String refused = browser.url();
        browser.screenshot("sso-03-refused");
        String reason = browser.text("sso-error");

        // then
        assertThat(bob).contains("sso-bob").contains("tenant admin");
        assertThat(bobsTenants).contains("sso-tenant").doesNotContain("no-such");
        assertThat(refused).contains("/login").contains("error=sso");
        assertThat(reason).contains("no Corrigo role");
    }
}

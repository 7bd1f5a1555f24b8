package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

/**
 * API tokens and the audit log as an admin uses them, in headless Chromium: sign in, make a read token in the
 * API tokens view and copy it from the shown-once dialog, call the REST API with it, revoke it in the view (the next
 * call is a 401); then find the sign-in, the token's creation and its revocation in the Audit log view, filter by
 * kind, and open an entry to its states.
 */
class TokensAndAuditBrowserTest extends UiTestBase {

    private static Browser browser;

    @BeforeAll
    static void noBrowserYet() {
        browser = null;
    }


    private int status(String token) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/tenants"))
                .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    @Test
    void should_make_use_and_revoke_a_token_and_find_each_step_in_the_audit_log() throws Exception {
        // given
        browser = adminBrowser();

        // when: a token is made in the view and shown once
        browser.open("/tokens");
        browser.type("new-token-name", "browser read token");
        browser.click("create-token");
        String token = browser.element("new-token-value").getDomProperty("value");
        browser.screenshot("tokens-01-shown-once");
        browser.click("new-token-done");
        int before = status(token);
        browser.waitUntil(d -> browser.page().contains("browser read token"), Duration.ofSeconds(10));
        String tokenId = browser.element("tokens-grid").findElements(By.cssSelector("vaadin-button[id^='revoke-tok-']"))
                .get(0).getDomAttribute("id");
        browser.click(tokenId);
        browser.click("confirm-button");
        int after = status(token);
        browser.screenshot("tokens-02-revoked");

        // then
        assertThat(token).startsWith("crg_pat_");
        assertThat(before).isEqualTo(200);
        assertThat(after).isEqualTo(401);
        assertThat(browser.page()).contains("revoked");

        // when: the audit log
        browser.open("/audit");
        browser.waitUntil(d -> browser.page().contains("API token · revoked"), Duration.ofSeconds(10));
        String all = browser.element("audit-grid").getText();
        browser.screenshot("audit-01-all");
        browser.choose("audit-action", "API token");
        browser.type("audit-actor", "admin");
        // other tests in this host make tokens too (single sign-on's user): the admin's are this test's
        browser.waitUntil(d -> {
            String shown = browser.element("audit-grid").getText();
            return !shown.contains("Sign-in") && !shown.contains("sso-");
        }, Duration.ofSeconds(10));
        String tokensOnly = browser.element("audit-grid").getText();
        browser.screenshot("audit-02-tokens-only");

        // then
        String id = tokenId.substring("revoke-".length());
        assertThat(all).as("kinds of change in words").contains("API token · created", "API token · revoked", "127.0.0.1")
                .doesNotContain("token.create");
        assertThat(all).as("the sign-in, with how").contains("Sign-in").contains("password");
        assertThat(tokensOnly).contains("API token · created", "API token · revoked", id)
                .doesNotContain("Sign-in", "User · created", "sso-");
        assertThat(browser.text("audit-total")).matches("1 entry|\\d+ entries");
    }
}

package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a browser is told about the admin UI: a Content-Security-Policy that keeps everything on this host and
 * forbids framing, a session cookie that is HttpOnly and SameSite (and Secure behind HTTPS), and a sign-in form that
 * another site cannot post to.
 */
class BrowserHardeningTest extends UiTestBase {

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
    }

    @Test
    void should_send_a_content_security_policy_and_refuse_framing_on_the_admin_ui() throws Exception {
        HttpResponse<String> login = send(request("/login").GET());

        String csp = login.headers().firstValue("Content-Security-Policy").orElse("");
        assertThat(csp).contains("default-src 'self'").contains("frame-ancestors 'none'").contains("object-src 'none'")
                .contains("form-action 'self'").doesNotContain("*");
        assertThat(login.headers().firstValue("X-Frame-Options")).contains("DENY");
        assertThat(login.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        assertThat(login.headers().firstValue("Referrer-Policy")).contains("same-origin");
    }

    @Test
    void should_give_an_http_only_same_site_session_cookie__secure_when_a_trusted_proxy_says_https() throws Exception {
        List<String> plain = send(request("/login").GET()).headers().allValues("Set-Cookie");
        List<String> behindHttps = send(request("/login").header("X-Forwarded-Proto", "https").GET())
                .headers().allValues("Set-Cookie");

        assertThat(plain).anySatisfy(cookie -> assertThat(cookie).startsWith("JSESSIONID=").contains("HttpOnly")
                .contains("SameSite=Lax").doesNotContain("Secure"));
        assertThat(behindHttps).anySatisfy(cookie -> assertThat(cookie).startsWith("JSESSIONID=").contains("Secure"));
    }

    @Test
    void should_lock_a_guessed_user_name_although_basic_headers_to_the_admin_ui_are_mixed_in() throws Exception {
        // given: a user whose password is being guessed
        String admin = "Basic " + java.util.Base64.getEncoder().encodeToString(("admin:" + ADMIN_PASSWORD).getBytes());
        assertThat(send(request("/api/v1/tenants").header("Authorization", admin).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"replayed\",\"name\":\"Replayed\"}"))).statusCode())
                .isIn(201, 409);
        HttpResponse<String> created = send(request("/api/v1/users").header("Authorization", admin)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
                        "{\"username\":\"guessed-by-replay\",\"password\":\"the-right-password-1\",\"role\":\"TENANT_ADMIN\","
                                + "\"tenants\":[\"replayed\"]}")));
        assertThat(created.statusCode()).as(created.body()).isIn(201, 409);
        String wrong = "Basic " + java.util.Base64.getEncoder().encodeToString("guessed-by-replay:wrong".getBytes());
        String right = "Basic " + java.util.Base64.getEncoder().encodeToString(
                "guessed-by-replay:the-right-password-1".getBytes());

        // when: wrong guesses through the API, each pair followed by the admin UI's page with a Basic header (its chain
        // checks no Basic password: this used to count as a success and clear the counters), then one form guess
        List<Integer> api = new java.util.ArrayList<>();
        List<Integer> ui = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            api.add(send(request("/api/v1/tenants").header("Authorization", wrong).GET()).statusCode());
            ui.add(send(request("/login").header("Authorization", wrong).GET()).statusCode());
        }
        HttpResponse<String> form = send(request("/login").header("Content-Type", "application/x-www-form-urlencoded")
                .header("Origin", "http://127.0.0.1:" + port)
                .POST(HttpRequest.BodyPublishers.ofString("username=guessed-by-replay&password=wrong")));
        HttpResponse<String> rightPassword = send(request("/api/v1/tenants").header("Authorization", right).GET());

        // then: five failures counted across both chains, none cleared: even the right password waits
        assertThat(api).containsOnly(401);
        assertThat(ui).containsOnly(200);
        assertThat(form.headers().firstValue("Location").orElse("")).contains("error");
        assertThat(rightPassword.statusCode()).isEqualTo(429);
        assertThat(rightPassword.body()).contains("too_many_sign_in_failures");
    }

    @Test
    void should_refuse_a_sign_in_posted_from_another_site__and_accept_one_from_its_own_page() throws Exception {
        String form = "username=admin&password=" + ADMIN_PASSWORD;

        HttpResponse<String> crossSite = send(request("/login").header("Content-Type", "application/x-www-form-urlencoded")
                .header("Origin", "http://attacker.example.test").POST(HttpRequest.BodyPublishers.ofString(form)));
        HttpResponse<String> opaque = send(request("/login").header("Content-Type", "application/x-www-form-urlencoded")
                .header("Origin", "null").POST(HttpRequest.BodyPublishers.ofString(form)));
        HttpResponse<String> ownPage = send(request("/login").header("Content-Type", "application/x-www-form-urlencoded")
                .header("Origin", "http://127.0.0.1:" + port).POST(HttpRequest.BodyPublishers.ofString(form)));

        assertThat(crossSite.statusCode()).isEqualTo(403);
        assertThat(opaque.statusCode()).isEqualTo(403);
        assertThat(ownPage.statusCode()).isEqualTo(302);
        assertThat(ownPage.headers().firstValue("Location").orElse("")).doesNotContain("error");
    }
}

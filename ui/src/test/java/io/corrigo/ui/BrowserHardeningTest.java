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
    void should_give_an_http_only_same_site_session_cookie__secure_when_the_proxy_says_https() throws Exception {
        List<String> plain = send(request("/login").GET()).headers().allValues("Set-Cookie");
        List<String> behindHttps = send(request("/login").header("X-Forwarded-Proto", "https").GET())
                .headers().allValues("Set-Cookie");

        assertThat(plain).anySatisfy(cookie -> assertThat(cookie).startsWith("JSESSIONID=").contains("HttpOnly")
                .contains("SameSite=Lax").doesNotContain("Secure"));
        assertThat(behindHttps).anySatisfy(cookie -> assertThat(cookie).startsWith("JSESSIONID=").contains("Secure"));
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

package io.corrigo.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged host with local passwords turned off ({@code CORRIGO_SECURITY_LOCAL_PASSWORDS=false}), as an
 * operator would start it: the right password is refused both on the admin UI's sign-in form (403, no session) and
 * over HTTP Basic (401); single sign-on and API tokens are the ways in. (Its own process: a second admin UI in one
 * JVM would share Vaadin's global security-context strategy with the UI tests' host.)
 */
class LocalPasswordsOffTest {

    private static final String PASSWORD = "local-off-admin-password";

    @TempDir
    Path work;

    @Test
    void should_refuse_the_right_password_on_the_form_and_over_basic() throws Exception {
        Path jar = Path.of(System.getProperty("corrigo.jar", "../../ui/target/corrigo.jar")).toAbsolutePath().normalize();
        try (HostProcess host = HostProcess.start("local-off", jar, work, Map.of(
                "CORRIGO_SECURITY_LOCAL_PASSWORDS", "false", "CORRIGO_DATA_DIR", work.resolve("data").toString(),
                "CORRIGO_DEMO_ENABLED", "false", "CORRIGO_ADMIN_PASSWORD", PASSWORD), List.of(), PASSWORD)) {
            host.awaitHealthy(Duration.ofMinutes(3));
            String base = "http://127.0.0.1:" + host.port();
            HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

            HttpResponse<String> form = http.send(HttpRequest.newBuilder(URI.create(base + "/login"))
                    .header("Content-Type", "application/x-www-form-urlencoded").header("Origin", base)
                    .POST(HttpRequest.BodyPublishers.ofString("username=admin&password="
                            + URLEncoder.encode(PASSWORD, StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> basic = http.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/tenants"))
                    .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD)
                            .getBytes(StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(form.statusCode()).as(form.body()).isEqualTo(403);
            assertThat(form.body()).contains("single sign-on");
            assertThat(form.headers().allValues("Set-Cookie")).noneMatch(c -> c.startsWith("JSESSIONID"));
            assertThat(basic.statusCode()).isEqualTo(401);
            assertThat(basic.body()).contains("HTTP Basic is turned off");
        }
    }
}

package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.CorrigoApplication;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A host with local passwords turned off ({@code corrigo.security.local-passwords=false}): the right password is
 * refused both on the admin UI's sign-in form (403, no session) and over HTTP Basic (401): single sign-on and API
 * tokens are the ways in.
 */
class LocalPasswordsOffTest {

    private static final String PASSWORD = "local-off-admin-password";

    @Test
    void should_refuse_the_right_password_on_the_form_and_over_basic() throws Exception {
        Path data = Files.createDirectories(Paths.get("target", "test-data", "local-off-" + UUID.randomUUID()).toAbsolutePath());
        try (ConfigurableApplicationContext host = new SpringApplicationBuilder(CorrigoApplication.class).run(
                "--server.port=0", "--corrigo.data-dir=" + data,
                "--corrigo.plugins-dir=" + Paths.get("target", "plugins").toAbsolutePath(),
                "--corrigo.security.admin-password=" + PASSWORD, "--corrigo.demo.enabled=false",
                "--corrigo.security.local-passwords=false")) {
            int port = host.getEnvironment().getProperty("local.server.port", Integer.class);
            String base = "http://127.0.0.1:" + port;
            HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

            HttpResponse<String> form = http.send(HttpRequest.newBuilder(URI.create(base + "/login"))
                    .header("Content-Type", "application/x-www-form-urlencoded").header("Origin", base)
                    .POST(HttpRequest.BodyPublishers.ofString("username=admin&password="
                            + URLEncoder.encode(PASSWORD, StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> basic = http.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/tenants"))
                    .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD)
                            .getBytes(StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(form.statusCode()).isEqualTo(403);
            assertThat(form.headers().allValues("Set-Cookie")).noneMatch(c -> c.startsWith("JSESSIONID") && !c.contains("Max-Age=0"));
            assertThat(basic.statusCode()).isEqualTo(401);
        }
    }
}

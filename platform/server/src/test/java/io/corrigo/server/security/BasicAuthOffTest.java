package io.corrigo.server.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.CorrigoApplication;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** A host with HTTP Basic turned off ({@code corrigo.security.api-basic=false}) takes API tokens only. */
class BasicAuthOffTest {

    private static final String PASSWORD = "basic-off-admin-password";

    @Test
    void should_refuse_basic_with_401_and_take_a_bearer_token() throws Exception {
        Path data = Files.createDirectories(Paths.get("target", "test-data", "basic-off-" + UUID.randomUUID()).toAbsolutePath());
        try (ConfigurableApplicationContext host = new SpringApplicationBuilder(CorrigoApplication.class).run(
                "--server.port=0", "--corrigo.data-dir=" + data,
                "--corrigo.plugins-dir=" + Paths.get("target", "plugins").toAbsolutePath(),
                "--corrigo.security.admin-password=" + PASSWORD, "--corrigo.demo.enabled=false",
                "--corrigo.security.api-basic=false")) {
            int port = host.getEnvironment().getProperty("local.server.port", Integer.class);
            String token = host.getBean(AdminTokens.class).create("admin", "ops", null, List.of(), List.of("read"), 7).value();
            HttpClient http = HttpClient.newHttpClient();

            HttpResponse<String> basic = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/tenants"))
                    .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD)
                            .getBytes(StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> bearer = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/tenants"))
                    .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(basic.statusCode()).isEqualTo(401);
            assertThat(basic.body()).contains("HTTP Basic is turned off");
            assertThat(basic.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(v -> assertThat(v).startsWith("Bearer"));
            assertThat(bearer.statusCode()).isEqualTo(200);
        }
    }
}

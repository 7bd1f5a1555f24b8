package io.corrigo.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.UUID;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * One real host for all HTTP tests: an H2 file database and tenant data in a fresh directory, the plugin files the
 * build produced, the demo tenant loaded on start. Subclasses share the Spring context (and so the demo ingestion).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
public abstract class HostTestBase extends HttpTestBase {

    private static final Path DATA_DIR = createDataDir();

    @DynamicPropertySource
    static void hostProperties(DynamicPropertyRegistry registry) {
        registry.add("corrigo.data-dir", DATA_DIR::toString);
        registry.add("corrigo.plugins-dir", () -> Paths.get("target", "plugins").toAbsolutePath().toString());
        registry.add("corrigo.security.admin-password", () -> ADMIN_PASSWORD);
        // the fake remote services of these tests listen on 127.0.0.1; every other internal address stays refused
        // (the second entry, in the host:port form the configuration docs show, proves that form starts a host)
        registry.add("corrigo.outbound.allow", () -> "127.0.0.1,10.0.0.7:11434");
        // a price for the model the cost tests' stand-in server plays: 1,000 per million prompt tokens, 2,000 completion
        registry.add("corrigo.costs.prices[priced-model]", () -> "1000,2000");
        // Spring Boot's tests turn metrics export off by default; the host serves Prometheus metrics as in production
        registry.add("management.prometheus.metrics.export.enabled", () -> "true");
    }

    /** A staff handbook's leave section: 25 days for full-time employees, pro rata for part-time staff. */
    protected static final String LEAVE_POLICY = """
            # Leave

            Full-time employees receive 25 days of paid time off each year.
            Part-time staff receive paid time off pro rata to their contracted hours.
            """;

    /**
     * Tenant {@code id} with {@link #LEAVE_POLICY} indexed as {@code leave.md} (created once: a later call finds it);
     * signed in as the admin.
     */
    protected String tenantWithLeavePolicy(String id) {
        signInAsAdmin();
        if (get("/api/v1/tenants/" + id).status() == 404) {
            postJson("/api/v1/tenants", java.util.Map.of("id", id, "name", id));
            Reply job = uploadAndWait("/api/v1/tenants/" + id + "/documents", "leave.md",
                    LEAVE_POLICY.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            org.assertj.core.api.Assertions.assertThat(job.status()).as(job.body().toString()).isEqualTo(200);
        }
        return id;
    }

    /**
     * The OpenAI-compatible answer to {@code question} from {@code tenant}'s pipeline, asked with a new secret key of
     * the tenant (the admin signed in makes it).
     */
    protected JsonNode chatCompletion(String tenant, String question) throws Exception {
        String key = postJson("/api/v1/tenants/" + tenant + "/keys", java.util.Map.of("kind", "SECRET", "name", "client"))
                .body().get("value").asText();
        java.net.http.HttpResponse<String> reply = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/v1/chat/completions"))
                        .header("Content-Type", "application/json").header("Authorization", "Bearer " + key)
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(java.util.Map.of(
                                "model", tenant, "messages", java.util.List.of(java.util.Map.of("role", "user",
                                        "content", question)))))).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        return JSON.readTree(reply.body());
    }

    /** The host's data directory (tenant files, uploads, H2). */
    protected static Path dataDir() {
        return DATA_DIR;
    }

    private static Path createDataDir() {
        try {
            return Files.createDirectories(Paths.get("target", "test-data", UUID.randomUUID().toString()).toAbsolutePath());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

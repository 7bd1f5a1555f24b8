package io.corrigo.server;

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

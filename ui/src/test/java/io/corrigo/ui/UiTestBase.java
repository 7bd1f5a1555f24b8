package io.corrigo.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * One real host for the UI and widget tests (shared Spring context): random port, a fresh H2 file database, the
 * plugin files the build produced, a known first admin, no demo tenant (each test class makes its own).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
abstract class UiTestBase {

    static final String ADMIN_PASSWORD = "browser-admin-password";

    private static Browser admin;

    @LocalServerPort
    int port;

    /**
     * A real browser signed in as the first platform admin: opened on a test class's first call, closed after the
     * class (so no class inherits another's browser state).
     */
    protected Browser adminBrowser() {
        if (admin == null) {
            admin = new Browser(port);
            admin.signIn("admin", ADMIN_PASSWORD);
        }
        return admin;
    }

    @AfterAll
    static void closeAdminBrowser() {
        if (admin != null) {
            admin.close();
            admin = null;
        }
    }

    /**
     * Every view of the admin UI by a short name, with the path that opens it on {@code tenant}'s data (its run
     * {@code runId}, its document {@code documentId}).
     */
    protected static Map<String, String> views(String tenant, String runId, String documentId) {
        Map<String, String> views = new LinkedHashMap<>();
        views.put("tenants", "/tenants");
        views.put("pipeline", "/pipeline?tenant=" + tenant);
        views.put("playground", "/playground?tenant=" + tenant);
        views.put("knowledge", "/knowledge?tenant=" + tenant);
        views.put("connectors", "/connectors?tenant=" + tenant);
        views.put("document", "/document?tenant=" + tenant + "&id=" + documentId);
        views.put("runs", "/runs?tenant=" + tenant);
        views.put("run", "/runs/" + runId + "?tenant=" + tenant);
        views.put("evaluation", "/evaluation?tenant=" + tenant);
        views.put("health", "/health?tenant=" + tenant);
        views.put("widget", "/widget?tenant=" + tenant);
        views.put("resilience", "/resilience");
        views.put("plugins", "/plugins");
        views.put("users", "/users");
        views.put("tokens", "/tokens");
        views.put("audit", "/audit");
        views.put("curated", "/curated-answers?tenant=" + tenant);
        views.put("outbound", "/outbound");
        return views;
    }

    @DynamicPropertySource
    static void hostProperties(DynamicPropertyRegistry registry) throws IOException {
        Path data = Files.createDirectories(Paths.get("target", "test-data", UUID.randomUUID().toString()).toAbsolutePath());
        registry.add("corrigo.data-dir", data::toString);
        registry.add("corrigo.plugins-dir", () -> Paths.get("target", "plugins").toAbsolutePath().toString());
        registry.add("corrigo.security.admin-password", () -> ADMIN_PASSWORD);
        registry.add("corrigo.demo.enabled", () -> "false");
        // the evaluation tests calibrate on a two-question set; the production minimum is 30
        registry.add("corrigo.calibration.min-labelled", () -> "2");
        // "Test connection" calls a model server stand-in on 127.0.0.1; every other internal address stays refused
        registry.add("corrigo.outbound.allow", () -> "127.0.0.1");
        // the tests' client stands for a reverse proxy the platform admin named (by default none is trusted)
        registry.add("server.tomcat.remoteip.internal-proxies", () -> "127\\.0\\.0\\.1");
    }
}

package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.plugin.PluginInfo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The Plugins page of a host that trusts every shipped plugin but one: that one is shown running in a plugin runner;
 * uploading a new version of it that declares an outbound host asks the admin to allow the host first, and the new
 * version then runs in a runner too. A host of its own (its own plugins directory), since it installs a plugin.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class PluginRunnerBrowserTest {

    private static final String ADMIN_PASSWORD = "browser-admin-password";
    private static final Path PLUGINS = Paths.get("target", "test-plugins", UUID.randomUUID().toString()).toAbsolutePath();

    @LocalServerPort
    int port;

    @Autowired
    PluginHost host;

    private Browser browser;

    @DynamicPropertySource
    static void hostProperties(DynamicPropertyRegistry registry) throws IOException {
        Files.createDirectories(PLUGINS);
        try (DirectoryStream<Path> zips = Files.newDirectoryStream(Paths.get("target", "plugins"), "*.zip")) {
            for (Path zip : zips) {
                Files.copy(zip, PLUGINS.resolve(zip.getFileName()));
            }
        }
        Path data = Files.createDirectories(Paths.get("target", "test-data", UUID.randomUUID().toString()).toAbsolutePath());
        registry.add("corrigo.data-dir", data::toString);
        registry.add("corrigo.plugins-dir", PLUGINS::toString);
        registry.add("corrigo.security.admin-password", () -> ADMIN_PASSWORD);
        registry.add("corrigo.demo.enabled", () -> "false");
        registry.add("corrigo.plugins.trusted", () -> "lucene-retriever,lightweight-evaluator,extractive-generator,"
                + "web-search,llm,opensearch-retriever,pgvector-retriever");
    }

    @AfterEach
    void close() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void should_show_where_each_plugin_runs_and_ask_before_an_untrusted_plugin_may_connect_anywhere() throws Exception {
        browser = new Browser(port);
        browser.signIn("admin", ADMIN_PASSWORD);
        browser.open("/plugins");
        assertThat(browser.text("plugin-policy")).contains("run in a plugin runner of their own");
        assertThat(browser.text("isolation-lucene-retriever")).isEqualTo("in process");
        assertThat(browser.text("isolation-local-corpus-search")).isEqualTo("runner");
        assertThat(browser.element("isolation-local-corpus-search").getAttribute("title"))
                .contains("reaches only its own data").contains("Process ");
        browser.screenshot("40-plugins-runner");

        // a new version that declares an outbound host: the admin is asked to allow it before it is installed
        Path upgrade = Files.createTempFile("local-corpus-search-9.9.9", ".zip");
        Files.write(upgrade, withDescriptor(Files.readAllBytes(PLUGINS.resolve("corrigo-plugin-local-corpus-search.zip")),
                "9.9.9", "127.0.0.1:9"));
        Path named = Files.move(upgrade, upgrade.resolveSibling("local-corpus-search-9.9.9.zip"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        browser.upload("plugin-upload", named);
        browser.waitUntil(d -> !browser.text("confirm-impact").isEmpty(), Duration.ofSeconds(20));
        assertThat(browser.text("confirm-impact")).contains("127.0.0.1:9").contains("plugin runner");
        browser.screenshot("41-plugin-outbound-approval");
        assertThat(installed().version()).as("nothing is installed before the admin allows it").isNotEqualTo("9.9.9");

        browser.click("confirm-button");
        browser.waitUntil(d -> browser.text("plugins-grid").contains("9.9.9"), Duration.ofSeconds(60));
        PluginInfo now = installed();
        assertThat(now.version()).isEqualTo("9.9.9");
        assertThat(now.isolation()).isEqualTo(PluginInfo.RUNNER);
        assertThat(now.outboundHosts()).containsExactly("127.0.0.1:9");
        assertThat(now.state()).isEqualTo("STARTED");
        browser.screenshot("42-plugin-installed-in-runner");
    }

    private PluginInfo installed() {
        return host.plugins().stream().filter(p -> p.id().equals("local-corpus-search")).findFirst().orElseThrow();
    }

    /** The plugin file with its version and outbound hosts set in {@code plugin.properties}. */
    private static byte[] withDescriptor(byte[] zip, String version, String outboundHosts) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipInputStream in = new ZipInputStream(new java.io.ByteArrayInputStream(zip));
             ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                byte[] content = in.readAllBytes();
                if (entry.getName().equals("plugin.properties")) {
                    content = (new String(content, StandardCharsets.ISO_8859_1)
                            .replaceAll("(?m)^plugin\\.version=.*$", "plugin.version=" + version)
                            .replaceAll("(?m)^plugin\\.outboundHosts=.*$", "")
                            + "\nplugin.outboundHosts=" + outboundHosts.replace(":", "\\:") + "\n")
                            .getBytes(StandardCharsets.ISO_8859_1);
                }
                out.putNextEntry(new ZipEntry(entry.getName()));
                out.write(content);
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}

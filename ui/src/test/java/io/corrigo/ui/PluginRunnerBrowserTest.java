package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.plugin.PluginInfo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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

/**
 * The Plugins page and an untrusted plugin: the shipped plugins are shown running in process; uploading a plugin that
 * is not trusted and declares an outbound host asks the admin to allow the host first, then shows it running in a
 * plugin runner. The plugin is a copy of a shipped one under another id (no compiler needed), removed again at the
 * end: the shared host's plugins directory is the one the build packages.
 */
class PluginRunnerBrowserTest extends UiTestBase {

    private static final String COPY = "corpus-search-copy";

    @Autowired
    PluginHost host;

    private Browser browser;

    @AfterEach
    void close() {
        if (host.plugins().stream().anyMatch(p -> p.id().equals(COPY))) {
            host.uninstall(COPY);
        }
    }

    @Test
    void should_show_where_each_plugin_runs_and_ask_before_an_untrusted_plugin_may_connect_anywhere() throws Exception {
        browser = adminBrowser();
        browser.open("/plugins");
        assertThat(browser.text("plugin-policy")).contains("run in plugin runners of their own, one per tenant, confined");
        assertThat(browser.text("isolation-lucene-retriever")).isEqualTo("in process");
        assertThat(browser.element("isolation-lucene-retriever").getAttribute("title")).contains("Trusted");

        // an untrusted plugin that declares an outbound host: the admin is asked to allow it before it is installed
        Path upload = Files.createDirectories(Paths.get("target", "test-uploads", UUID.randomUUID().toString()))
                .resolve(COPY + "-1.0.0.zip");
        Files.write(upload, withDescriptor(Files.readAllBytes(Paths.get("target", "plugins",
                "corrigo-plugin-local-corpus-search.zip")), COPY, "1.0.0", "127.0.0.1:9"));
        browser.upload("plugin-upload", upload);
        browser.waitUntil(d -> !browser.text("confirm-impact").isEmpty(), Duration.ofSeconds(20));
        assertThat(browser.text("confirm-impact")).contains("127.0.0.1:9").contains("plugin runner");
        browser.screenshot("40-plugin-outbound-approval");
        assertThat(host.plugins()).as("nothing is installed before the admin allows it").noneMatch(p -> p.id().equals(COPY));

        browser.click("confirm-button");
        browser.waitUntil(d -> browser.page().contains(COPY), Duration.ofSeconds(60));
        PluginInfo now = installed();
        assertThat(now.isolation()).isEqualTo(PluginInfo.RUNNER);
        assertThat(now.outboundHosts()).containsExactly("127.0.0.1:9");
        assertThat(now.state()).isEqualTo("STARTED");
        assertThat(now.runner().running()).isTrue();
        browser.waitUntil(d -> "runner".equals(browser.text("isolation-" + COPY)), Duration.ofSeconds(20));
        assertThat(browser.element("isolation-" + COPY).getAttribute("title"))
                .contains("reaches only that tenant's data and 127.0.0.1:9").contains("Process " + now.runner().pid());
        browser.screenshot("41-plugin-installed-in-runner");
    }

    private PluginInfo installed() {
        return host.plugins().stream().filter(p -> p.id().equals(COPY)).findFirst().orElseThrow();
    }

    /** The plugin file with its id, version and outbound hosts set in {@code plugin.properties}. */
    private static byte[] withDescriptor(byte[] zip, String id, String version, String outboundHosts) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipInputStream in = new ZipInputStream(new java.io.ByteArrayInputStream(zip));
             ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                byte[] content = in.readAllBytes();
                if (entry.getName().equals("plugin.properties")) {
                    content = (new String(content, StandardCharsets.ISO_8859_1)
                            .replaceAll("(?m)^plugin\\.id=.*$", "plugin.id=" + id)
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

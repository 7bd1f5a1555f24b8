package io.corrigo.server.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.api.Answer;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Generator;
import io.corrigo.api.PluginApi;
import io.corrigo.api.Query;
import io.corrigo.api.Source;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.server.problem.ServiceException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Installing, upgrading, downgrading and uninstalling real plugin files (built by the test) in a running host, and
 * what the host refuses: another API major, zip-slip, missing or malformed descriptors, unsigned, untrusted and
 * tampered files when signatures are required.
 */
class PluginLifecycleTest {

    private static final String ANY_1X = ">=1.0.0 & <2.0.0";

    @TempDir
    Path work;

    private PluginHost host(boolean allowUnsigned, List<java.security.cert.X509Certificate> trusted) throws Exception {
        return new PluginHost(Files.createDirectories(work.resolve("plugins")), PluginApi.VERSION,
                new PluginTrust(trusted, allowUnsigned), PluginHost.MAX_PLUGIN_BYTES);
    }

    private static String answer(PluginHost host) {
        var factory = host.factory(StageKind.GENERATOR, "greeting-generator").orElseThrow().factory();
        Generator generator = (Generator) factory.create(new HostPluginContext("t", Path.of("."), null, Clock.systemUTC()),
                PluginConfig.defaults(factory.configProperties()));
        Answer answer = generator.generate(new GenerationRequest(Query.of("Hi?"), List.of(
                new ContextStrip(1, "Hello there.", Source.knowledgeBase("d", "D"), 0.9, null))));
        return answer.text();
    }

    private static String code(Runnable call) {
        try {
            call.run();
        } catch (ServiceException e) {
            return e.kind() + " " + e.code() + ": " + e.getMessage();
        }
        return "accepted";
    }

    @Test
    void should_upgrade_refuse_the_same_version_confirm_a_downgrade_and_uninstall_without_a_restart() throws Exception {
        // given
        PluginHost host = host(true, List.of());
        List<String> changes = new ArrayList<>();
        host.onChange(changes::add);
        byte[] v1 = TestPlugins.build(work, "greeting", "1.0.0", ANY_1X, TestPlugins.greetingGenerator("v1"));
        byte[] v2 = TestPlugins.build(work, "greeting", "1.1.0", ANY_1X, TestPlugins.greetingGenerator("v2"));

        // when / then: install
        PluginInfo installed = host.install("greeting-1.0.0.zip", v1);
        assertThat(installed.state()).isEqualTo("STARTED");
        assertThat(installed.sha256()).isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(v1)));
        assertThat(installed.signedBy()).isNull();
        assertThat(answer(host)).startsWith("v1:");

        // upgrade: the new version replaces the old one, files and all
        PluginInfo upgraded = host.install("greeting-1.1.0.zip", v2);
        assertThat(upgraded.version()).isEqualTo("1.1.0");
        assertThat(answer(host)).startsWith("v2:");
        try (Stream<Path> files = Files.list(work.resolve("plugins"))) {
            assertThat(files.map(p -> p.getFileName().toString())).doesNotContain("greeting-1.0.0.zip", "greeting-1.0.0");
        }

        // the same version again, and an unconfirmed downgrade, are refused
        assertThat(code(() -> host.install("greeting-1.1.0-again.zip", v2))).startsWith("CONFLICT plugin_installed");
        assertThat(code(() -> host.install("greeting-1.0.0.zip", v1))).startsWith("CONFLICT downgrade_not_confirmed")
                .contains("1.1.0 is installed; 1.0.0 is older");
        assertThat(answer(host)).startsWith("v2:");

        // a confirmed downgrade goes through
        assertThat(host.install("greeting-1.0.0.zip", v1, true).version()).isEqualTo("1.0.0");
        assertThat(answer(host)).startsWith("v1:");

        // uninstall: gone, files included
        host.uninstall("greeting");
        assertThat(host.plugins()).isEmpty();
        assertThat(host.factory(StageKind.GENERATOR, "greeting-generator")).isEmpty();
        try (Stream<Path> files = Files.list(work.resolve("plugins"))) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("greeting"));
        }
        assertThat(changes).containsExactly("greeting", "greeting", "greeting", "greeting");
        host.stop();
    }

    @Test
    void should_put_the_old_version_back_when_the_new_one_does_not_start() throws Exception {
        PluginHost host = host(true, List.of());
        host.install("greeting-1.0.0.zip", TestPlugins.build(work, "greeting", "1.0.0", ANY_1X, TestPlugins.greetingGenerator("v1")));
        byte[] future = TestPlugins.build(work, "greeting", "2.0.0", ">=2.0.0 & <3.0.0", TestPlugins.greetingGenerator("v2"));

        assertThat(code(() -> host.install("greeting-2.0.0.zip", future))).startsWith("INVALID plugin_not_started")
                .contains("requires plugin API >=2.0.0 & <3.0.0, this host offers " + PluginApi.VERSION);

        assertThat(host.plugins()).singleElement().satisfies(p -> {
            assertThat(p.version()).isEqualTo("1.0.0");
            assertThat(p.state()).isEqualTo("STARTED");
        });
        assertThat(answer(host)).startsWith("v1:");
        host.stop();
    }

    @Test
    void should_refuse_a_plugin_for_another_api_version_with_both_versions_named_and_keep_nothing() throws Exception {
        PluginHost host = host(true, List.of());
        byte[] future = TestPlugins.build(work, "future", "1.0.0", ">=2.0.0 & <3.0.0", TestPlugins.greetingGenerator("f"));

        assertThat(code(() -> host.install("future-1.0.0.zip", future))).startsWith("INVALID plugin_not_started")
                .contains("requires plugin API >=2.0.0 & <3.0.0, this host offers " + PluginApi.VERSION);
        assertThat(host.plugins()).isEmpty();
        try (Stream<Path> files = Files.list(work.resolve("plugins"))) {
            assertThat(files).isEmpty();
        }
        host.stop();
    }

    @Test
    void should_refuse_zip_slip_and_files_that_are_not_plugins_before_writing_anything() throws Exception {
        PluginHost host = host(true, List.of());
        byte[] descriptor = "plugin.id=evil\nplugin.version=1.0.0\n".getBytes(StandardCharsets.UTF_8);

        assertThat(code(() -> host.install("evil.zip", TestPlugins.zip(Map.of("plugin.properties", descriptor,
                "../../evil.sh", "echo owned".getBytes(StandardCharsets.UTF_8))))))
                .startsWith("INVALID invalid_plugin_file").contains("outside the plugin's folder: ../../evil.sh");
        assertThat(code(() -> host.install("abs.zip", TestPlugins.zip(Map.of("plugin.properties", descriptor,
                "/tmp/evil.sh", new byte[1]))))).startsWith("INVALID invalid_plugin_file");
        assertThat(code(() -> host.install("nodesc.zip", TestPlugins.zip(Map.of("lib/x.jar", new byte[10])))))
                .startsWith("INVALID invalid_plugin_file").contains("no plugin descriptor");
        assertThat(code(() -> host.install("badid.zip", TestPlugins.zip(Map.of("plugin.properties",
                "plugin.id=Bad Id\nplugin.version=1.0.0\n".getBytes(StandardCharsets.UTF_8))))))
                .contains("plugin.id must be");
        assertThat(code(() -> host.install("badversion.zip", TestPlugins.zip(Map.of("plugin.properties",
                "plugin.id=ok\nplugin.version=latest\n".getBytes(StandardCharsets.UTF_8))))))
                .contains("plugin.version must be a semantic version");
        assertThat(code(() -> host.install("notazip.zip", "hello".getBytes(StandardCharsets.UTF_8))))
                .startsWith("INVALID invalid_plugin_file");
        assertThat(code(() -> host.install("../escape.zip", new byte[0]))).startsWith("INVALID invalid_plugin_file");

        assertThat(work.getParent().resolve("evil.sh")).doesNotExist();
        try (Stream<Path> files = Files.list(work.resolve("plugins"))) {
            assertThat(files).as("nothing written").isEmpty();
        }
        host.stop();
    }

    @Test
    void should_run_only_trusted_signed_plugins_when_signatures_are_required() throws Exception {
        // given
        TestPlugins.Signer acme = TestPlugins.Signer.create(work, "CN=Acme Plugins, O=Acme");
        TestPlugins.Signer mallory = TestPlugins.Signer.create(work, "CN=Mallory");
        byte[] plugin = TestPlugins.build(work, "greeting", "1.0.0", ANY_1X, TestPlugins.greetingGenerator("v1"));
        byte[] signed = acme.sign(work, plugin);
        byte[] untrusted = mallory.sign(work, plugin);
        byte[] tampered = TestPlugins.replaceEntry(signed, "plugin.properties",
                "plugin.id=greeting\nplugin.version=1.0.0\nplugin.requires=*\nplugin.description=changed\n".getBytes(StandardCharsets.UTF_8));
        PluginHost strict = host(false, List.of(acme.certificate()));

        // then
        assertThat(code(() -> strict.install("greeting.zip", plugin))).startsWith("INVALID plugin_not_trusted")
                .contains("it is not signed, and this host runs signed plugins only");
        assertThat(code(() -> strict.install("greeting.zip", untrusted))).startsWith("INVALID plugin_not_trusted")
                .contains("signed by CN=Mallory, who is not in the platform's trust store");
        assertThat(code(() -> strict.install("greeting.zip", tampered))).startsWith("INVALID plugin_not_trusted")
                .contains("signature does not verify");
        PluginInfo ok = strict.install("greeting.zip", signed);
        assertThat(ok.state()).isEqualTo("STARTED");
        assertThat(ok.signedBy()).isEqualTo("CN=Acme Plugins,O=Acme");
        assertThat(answer(strict)).startsWith("v1:");
        strict.stop();
    }

    @Test
    void should_refuse_tampered_files_even_when_unsigned_plugins_are_allowed_and_mark_untrusted_signers() throws Exception {
        TestPlugins.Signer acme = TestPlugins.Signer.create(work, "CN=Acme Plugins");
        byte[] plugin = TestPlugins.build(work, "greeting", "1.0.0", ANY_1X, TestPlugins.greetingGenerator("v1"));
        byte[] signed = acme.sign(work, plugin);
        byte[] otherJar = TestPlugins.zip(Map.of("Evil.class", new byte[] {(byte) 0xCA, (byte) 0xFE}));
        byte[] tampered = TestPlugins.replaceEntry(signed, "lib/greeting.jar", otherJar);
        PluginHost lenient = host(true, List.of());

        assertThat(code(() -> lenient.install("greeting.zip", tampered))).contains("signature does not verify");
        PluginInfo info = lenient.install("greeting.zip", signed);
        assertThat(info.signedBy()).isEqualTo("CN=Acme Plugins (not trusted)");
        lenient.stop();
    }

    @Test
    void should_not_start_an_unsigned_plugin_found_in_the_directory_at_start_when_signatures_are_required() throws Exception {
        // given: a plugin file put into the directory by hand
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        byte[] plugin = TestPlugins.build(work, "greeting", "1.0.0", ANY_1X, TestPlugins.greetingGenerator("v1"));
        Files.write(plugins.resolve("greeting-1.0.0.zip"), plugin);

        // when
        PluginHost strict = host(false, List.of());

        // then
        assertThat(strict.plugins()).singleElement().satisfies(p -> {
            assertThat(p.state()).isNotEqualTo("STARTED");
            assertThat(p.error()).contains("not signed");
            assertThat(p.sha256()).isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(plugin)));
        });
        assertThat(strict.factory(StageKind.GENERATOR, "greeting-generator")).isEmpty();
        assertThatThrownBy(() -> strict.enable("greeting")).isInstanceOf(ServiceException.class).hasMessageContaining("may not run");
        strict.stop();
    }

    @Test
    void should_read_trusted_certificates_from_a_pkcs12_trust_store() throws Exception {
        TestPlugins.Signer acme = TestPlugins.Signer.create(work, "CN=Acme Plugins");
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setCertificateEntry("acme", acme.certificate());
        Path file = work.resolve("trust.p12");
        try (var out = Files.newOutputStream(file)) {
            store.store(out, "secret".toCharArray());
        }

        assertThat(PluginTrust.load(file, "secret")).containsExactly(acme.certificate());
        assertThatThrownBy(() -> PluginTrust.load(file, "wrong")).hasMessageContaining("cannot read the plugin trust store");
    }
}

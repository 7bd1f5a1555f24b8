package io.corrigo.server.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.PluginApi;
import io.corrigo.server.plugin.kind.StageKind;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * Two hosts, each with its own plugins directory holding the shipped plugin files, on one database (H2, migrated by
 * the real migrations): what an admin does to plugins on one host, the other applies on its next sync.
 */
class PluginCatalogueTest {

    private static final String ANY_1X = ">=1.0.0 & <2.0.0";
    private static final Path BUILT_PLUGINS = Paths.get("target", "plugins");

    @TempDir
    Path work;

    private JdbcTemplate jdbc;
    private PluginHost hostA;
    private PluginHost hostB;
    private PluginCatalogue catalogueA;
    private PluginCatalogue catalogueB;

    @BeforeEach
    void twoHostsOnOneDatabase() throws Exception {
        DriverManagerDataSource database = new DriverManagerDataSource("jdbc:h2:mem:catalogue-" + UUID.randomUUID()
                + ";DB_CLOSE_DELAY=-1", "sa", "");
        Flyway.configure().dataSource(database).locations("classpath:db/migration").load().migrate();
        jdbc = new JdbcTemplate(database);
        hostA = new PluginHost(shippedPlugins("a"), PluginApi.VERSION);
        hostB = new PluginHost(shippedPlugins("b"), PluginApi.VERSION);
        catalogueA = new PluginCatalogue(jdbc, hostA, "host-a", 0, Clock.systemUTC(), audit());
        catalogueB = new PluginCatalogue(jdbc, hostB, "host-b", 0, Clock.systemUTC(), audit());
    }

    private io.corrigo.server.audit.AuditLog audit() {
        return new io.corrigo.server.audit.AuditLog(jdbc, new com.fasterxml.jackson.databind.ObjectMapper().findAndRegisterModules(),
                Clock.systemUTC(), 365);
    }

    private Path shippedPlugins(String host) throws Exception {
        Path directory = Files.createDirectories(work.resolve("plugins-" + host));
        try (DirectoryStream<Path> zips = Files.newDirectoryStream(BUILT_PLUGINS, "*.zip")) {
            for (Path zip : zips) {
                Files.copy(zip, directory.resolve(zip.getFileName()));
            }
        }
        return directory;
    }

    private static Optional<PluginInfo> plugin(PluginHost host, String id) {
        return host.plugins().stream().filter(p -> p.id().equals(id)).findFirst();
    }

    @Test
    void should_install_upgrade_disable_enable_and_remove_on_the_other_host() throws Exception {
        // installed on A
        hostA.install("greeting-1.0.0.zip", TestPlugins.build(work, "greeting", "1.0.0", ANY_1X, TestPlugins.greetingGenerator("v1")));
        assertThat(plugin(hostB, "greeting")).isEmpty();
        assertThat(catalogueB.sync()).isEqualTo(1);
        assertThat(plugin(hostB, "greeting")).get().extracting(PluginInfo::version, PluginInfo::state).containsExactly("1.0.0", "STARTED");
        assertThat(hostB.factory(StageKind.GENERATOR, "greeting-generator")).isPresent();

        // upgraded on A
        hostA.install("greeting-1.1.0.zip", TestPlugins.build(work, "greeting", "1.1.0", ANY_1X, TestPlugins.greetingGenerator("v2")));
        catalogueB.sync();
        assertThat(plugin(hostB, "greeting")).get().extracting(PluginInfo::version).isEqualTo("1.1.0");
        assertThat(plugin(hostB, "greeting").get().sha256()).isEqualTo(plugin(hostA, "greeting").get().sha256());

        // disabled, then enabled on A
        hostA.disable("greeting");
        catalogueB.sync();
        assertThat(plugin(hostB, "greeting")).get().extracting(PluginInfo::state).isEqualTo("DISABLED");
        hostA.enable("greeting");
        catalogueB.sync();
        assertThat(plugin(hostB, "greeting")).get().extracting(PluginInfo::state).isEqualTo("STARTED");

        // removed on A, a shipped plugin too
        hostA.uninstall("greeting");
        hostA.uninstall("web-search");
        catalogueB.sync();
        assertThat(plugin(hostB, "greeting")).isEmpty();
        assertThat(plugin(hostB, "web-search")).isEmpty();
        assertThat(plugin(hostB, "lucene-retriever")).as("a shipped plugin nobody changed").get()
                .extracting(PluginInfo::state).isEqualTo("STARTED");

        // nothing left to do; and what B did by syncing was not written back as B's own change
        assertThat(catalogueB.sync()).isZero();
        assertThat(catalogueA.sync()).isZero();
        assertThat(catalogueA.entries()).extracting(PluginCatalogue.Entry::pluginId, PluginCatalogue.Entry::state,
                PluginCatalogue.Entry::changedBy).containsExactly(
                org.assertj.core.groups.Tuple.tuple("greeting", PluginCatalogue.State.REMOVED, "host-a"),
                org.assertj.core.groups.Tuple.tuple("web-search", PluginCatalogue.State.REMOVED, "host-a"));
    }

    @Test
    void should_downgrade_when_the_catalogue_holds_an_older_version_and_report_a_file_it_refuses_once() throws Exception {
        hostB.install("greeting-1.1.0.zip", TestPlugins.build(work, "greeting", "1.1.0", ANY_1X, TestPlugins.greetingGenerator("v2")));
        // an admin on A confirms 1.0.0 after B's 1.1.0 (B's own change recorded first)
        hostA.install("greeting-1.1.0.zip", TestPlugins.build(work, "greeting", "1.1.0", ANY_1X, TestPlugins.greetingGenerator("v2")));
        hostA.install("greeting-1.0.0.zip", TestPlugins.build(work, "greeting", "1.0.0", ANY_1X, TestPlugins.greetingGenerator("v1")), true);
        catalogueB.sync();
        assertThat(plugin(hostB, "greeting")).get().extracting(PluginInfo::version).isEqualTo("1.0.0");

        // a host offering another plugin API refuses a file: reported, not retried every round, nothing else blocked
        PluginHost old = new PluginHost(Files.createDirectories(work.resolve("plugins-old")), "0.9.0");
        PluginCatalogue oldCatalogue = new PluginCatalogue(jdbc, old, "host-old", 0, Clock.systemUTC(), audit());
        assertThat(oldCatalogue.sync()).isZero();
        assertThat(oldCatalogue.sync()).isZero();
        assertThat(plugin(old, "greeting")).isEmpty();
        assertThat(catalogueA.entries()).extracting(PluginCatalogue.Entry::changedBy).containsOnly("host-a");
    }
}

package io.corrigo.server.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Passage;
import io.corrigo.api.PluginApi;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchRequest;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.testsupport.FakeApi;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The template plugin, copied out of the repository, builds on its own against the installed SDK (the test command,
 * {@code ./mvnw install}, installs plugin-api, test-kit and plugin-parent before this module's tests run), passes
 * its contract tests, and the plugin file it produces is installed into a running host and searches.
 */
class TemplatePluginTest {

    private static final Path REPOSITORY = Path.of("../..").toAbsolutePath().normalize();
    private static final Path TEMPLATE = REPOSITORY.resolve("plugins/examples/hello-search-provider");

    @TempDir
    Path work;

    @Test
    void should_build_the_template_outside_the_reactor_and_load_its_plugin_without_a_restart() throws Exception {
        // given: the template as an author would copy it, without build output
        Path project = work.resolve("hello-search-provider");
        copy(TEMPLATE, project);

        // when: built with Maven on its own, offline (everything comes from the local repository)
        List<String> command = new ArrayList<>(List.of(REPOSITORY.resolve("mvnw").toString(), "-B", "-q", "-o",
                "-f", project.resolve("pom.xml").toString(), "package"));
        if (System.getProperty("maven.repo.local") != null) {
            command.add("-Dmaven.repo.local=" + System.getProperty("maven.repo.local"));
        }
        Process build = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(work.resolve("build.log").toFile()).start();
        boolean finished = build.waitFor(5, TimeUnit.MINUTES);
        String log = Files.readString(work.resolve("build.log"));

        // then: it built (its own contract tests included) into one plugin file
        assertThat(finished).as("template build finished; log:\n%s", log).isTrue();
        assertThat(build.exitValue()).as("template build exit code; log:\n%s", log).isZero();
        assertThat(project.resolve("target/surefire-reports")).isDirectoryContaining("glob:**/*ContractTest.txt");
        Path zip = project.resolve("target/hello-search-provider-1.0.0.zip");
        assertThat(zip).exists();

        // and: a running host installs it from the upload path and it searches
        PluginHost host = new PluginHost(work.resolve("plugins"), PluginApi.VERSION);
        try (FakeApi api = new FakeApi()) {
            api.body = """
                    {"results":[{"title":"Insulin","url":"https://example.test/insulin","snippet":"Insulin is made by beta cells in the pancreas."}]}""";
            PluginInfo installed = host.install(zip.getFileName().toString(), Files.readAllBytes(zip));
            assertThat(installed.id()).isEqualTo("hello-search-provider");
            assertThat(installed.state()).isEqualTo("STARTED");
            assertThat(installed.provider()).isEqualTo("Example Corp");
            assertThat(installed.factories()).containsExactly("search:hello-search");

            PluginFactory<?> factory = host.factory(StageKind.SEARCH, "hello-search").orElseThrow().factory();
            Path data = Files.createDirectories(work.resolve("data"));
            SearchProvider search = (SearchProvider) factory.create(new HostPluginContext("t1", data, null, Clock.systemUTC()),
                    PluginConfig.resolve(factory.configProperties(), Map.of("baseUrl", api.url(), "apiKey", "k-1")));
            List<Passage> results = search.search(new SearchRequest("insulin", "Where is insulin made?", 3));
            assertThat(results).extracting(p -> p.source().uri()).containsExactly("https://example.test/insulin");
            assertThat(api.requests).singleElement().satisfies(seen -> {
                assertThat(seen.path()).isEqualTo("/search");
                assertThat(seen.headers().get("Authorization")).containsExactly("Bearer k-1");
            });
        } finally {
            host.stop();
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.filter(f -> !from.relativize(f).startsWith("target")).toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }
}

package io.corrigo.server.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.PluginApi;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SDK as a third party gets it: {@code ./mvnw deploy} of the plugin API, the test kit and the plugin parent to a
 * repository given on the command line (here a directory) publishes each at the plugin API's version with its POM,
 * and the two jars with their sources and Javadoc, so that a plugin can depend on released coordinates.
 */
class SdkPublishTest {

    private static final Path REPOSITORY = Path.of("../..").toAbsolutePath().normalize();

    @TempDir
    Path work;

    @Test
    void should_deploy_the_sdk_with_sources_and_javadoc_to_a_repository_named_on_the_command_line() throws Exception {
        // given
        Path repository = work.resolve("releases");
        List<String> command = new ArrayList<>(List.of(REPOSITORY.resolve("mvnw").toString(), "-B", "-q",
                "-f", REPOSITORY.resolve("pom.xml").toString(),
                "-pl", "platform/plugin-api,platform/test-kit,platform/plugin-parent", "deploy", "-DskipTests",
                "-DaltDeploymentRepository=releases::" + repository.toUri()));
        if (System.getProperty("maven.repo.local") != null) {
            command.add("-Dmaven.repo.local=" + System.getProperty("maven.repo.local"));
        }

        // when
        Process deploy = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(work.resolve("deploy.log").toFile()).start();
        boolean finished = deploy.waitFor(5, TimeUnit.MINUTES);
        String log = Files.readString(work.resolve("deploy.log"));

        // then
        assertThat(finished).as("deploy finished; log:\n%s", log).isTrue();
        assertThat(deploy.exitValue()).as("deploy exit code; log:\n%s", log).isZero();
        String version = PluginApi.VERSION;
        Path api = repository.resolve("io/corrigo/corrigo-plugin-api/" + version);
        Path kit = repository.resolve("io/corrigo/corrigo-test-kit/" + version);
        Path parent = repository.resolve("io/corrigo/corrigo-plugin-parent/" + version);
        for (Path artifact : List.of(api, kit)) {
            String name = artifact.getParent().getFileName() + "-" + version;
            assertThat(artifact.resolve(name + ".jar")).exists();
            assertThat(artifact.resolve(name + ".pom")).exists();
            assertThat(artifact.resolve(name + ".jar.sha1")).exists();
            assertThat(artifact.resolve(name + "-sources.jar")).exists();
            assertThat(artifact.resolve(name + "-javadoc.jar")).exists();
        }
        assertThat(parent.resolve("corrigo-plugin-parent-" + version + ".pom")).exists();
        assertThat(entries(api.resolve("corrigo-plugin-api-" + version + "-sources.jar")))
                .contains("io/corrigo/api/Retriever.java", "io/corrigo/api/PluginFactory.java");
        assertThat(entries(api.resolve("corrigo-plugin-api-" + version + "-javadoc.jar")))
                .contains("index.html", "io/corrigo/api/Retriever.html");
        assertThat(Files.readString(kit.resolve("corrigo-test-kit-" + version + ".pom")))
                .contains("<artifactId>corrigo-plugin-api</artifactId>");
        assertThat(Files.readString(repository.resolve("io/corrigo/corrigo-plugin-api/maven-metadata.xml")))
                .contains("<release>" + version + "</release>");
    }

    private static List<String> entries(Path jar) throws Exception {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.stream().map(java.util.zip.ZipEntry::getName).toList();
        }
    }
}

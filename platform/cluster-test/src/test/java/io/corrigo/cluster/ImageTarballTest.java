package io.corrigo.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The container image as Jib builds it, without a Docker daemon: {@code jib:buildTar} of the ui module (the base given
 * as {@code scratch}: no registry is reachable here, and a production build pulls eclipse-temurin:17-jre), then the
 * tarball read as a container runtime would — its config (entrypoint, non-root user, exposed port, volumes,
 * environment, health check), its layers unpacked into a root directory (the shipped plugins, a group-writable data
 * directory) — and the application in those layers run with this machine's JVM: {@code --help}, then the host itself
 * until its own health check says UP.
 */
class ImageTarballTest {

    private static final Path REPOSITORY = Path.of("../..").toAbsolutePath().normalize();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    @Test
    void should_build_a_layered_non_root_image_whose_application_starts_and_answers_its_health_check() throws Exception {
        // given: the image built as a tarball
        Path tarball = work.resolve("corrigo-image.tar");
        List<String> build = new ArrayList<>(List.of(REPOSITORY.resolve("mvnw").toString(), "-B", "-q",
                "-f", REPOSITORY.resolve("pom.xml").toString(), "-pl", "ui", "jib:buildTar",
                "-Djib.from.image=scratch", "-Djib.outputPaths.tar=" + tarball));
        if (System.getProperty("maven.repo.local") != null) {
            build.add("-Dmaven.repo.local=" + System.getProperty("maven.repo.local"));
        }
        run(build, work.resolve("jib.log"), Duration.ofMinutes(8));

        // when: read as a runtime reads it
        Path image = Files.createDirectories(work.resolve("image"));
        run(List.of("tar", "-xf", tarball.toString(), "-C", image.toString()), work.resolve("untar.log"), Duration.ofMinutes(2));
        JsonNode manifest = JSON.readTree(image.resolve("manifest.json").toFile()).get(0);
        JsonNode config = JSON.readTree(image.resolve(manifest.get("Config").asText()).toFile());
        Path root = Files.createDirectories(work.resolve("root"));
        for (JsonNode layer : manifest.get("Layers")) {
            run(List.of("tar", "-xzf", image.resolve(layer.asText()).toString(), "-C", root.toString()),
                    work.resolve("layer.log"), Duration.ofMinutes(2));
        }

        // then: the config
        JsonNode container = config.get("config");
        assertThat(container.get("User").asText()).isEqualTo("10001:0").doesNotStartWith("0:").isNotEqualTo("root");
        List<String> entrypoint = texts(container.get("Entrypoint"));
        // a full heap ends the host at once, for the container runtime to restart it
        assertThat(entrypoint).containsExactly("java", "-XX:+ExitOnOutOfMemoryError", "-cp", "@/app/jib-classpath-file",
                "io.corrigo.CorrigoApplication");
        assertThat(fieldNames(container.get("ExposedPorts"))).containsExactly("8080/tcp");
        assertThat(fieldNames(container.get("Volumes"))).containsExactlyInAnyOrder("/data", "/app/plugins");
        assertThat(texts(container.get("Env"))).contains("CORRIGO_DATA_DIR=/data", "CORRIGO_PLUGINS_DIR=/app/plugins");
        String healthcheck = container.get("Labels").get("io.corrigo.healthcheck").asText();
        assertThat(healthcheck).endsWith("io.corrigo.CorrigoApplication healthcheck");
        assertThat(StreamSupport.stream(config.get("history").spliterator(), false).map(h -> h.path("comment").asText()).toList())
                .as("dependencies, Corrigo's own modules, resources and classes each in their own layer")
                .contains("dependencies", "snapshot dependencies", "resources", "classes", "extra files");
        // and: the layers
        try (Stream<Path> plugins = Files.list(root.resolve("app/plugins"))) {
            assertThat(plugins.map(p -> p.getFileName().toString()).toList()).contains(
                    "corrigo-plugin-lucene-retriever.zip", "corrigo-plugin-lightweight-evaluator.zip",
                    "corrigo-plugin-extractive-generator.zip", "corrigo-plugin-local-corpus-search.zip");
        }
        for (String writable : List.of("data", "app/plugins")) {
            assertThat(Files.getPosixFilePermissions(root.resolve(writable)))
                    .as("/" + writable + " writable by the image's group 0").contains(PosixFilePermission.GROUP_WRITE);
        }
        assertThat(Files.readString(root.resolve("app/jib-classpath-file"))).contains("/app/libs/", "/app/classes");
        assertThat(Files.readString(root.resolve("app/resources/META-INF/VAADIN/config/flow-build-info.json")))
                .as("the admin UI in production mode").contains("\"productionMode\" : true");

        // and: the application in the layers runs (this machine's JVM standing in for the base image's)
        Path classpath = work.resolve("classpath");
        Files.writeString(classpath, Files.readString(root.resolve("app/jib-classpath-file")).replace("/app/", root + "/app/"));
        String help = run(List.of("java", "-cp", "@" + classpath, "io.corrigo.CorrigoApplication", "--help"),
                work.resolve("help.log"), Duration.ofMinutes(1));
        assertThat(help).contains("Corrigo", "healthcheck", "CORRIGO_MASTER_KEY");

        int port = freePort();
        Map<String, String> environment = Map.of("SERVER_PORT", String.valueOf(port),
                "CORRIGO_DATA_DIR", Files.createDirectories(work.resolve("data")).toString(),
                "CORRIGO_PLUGINS_DIR", root.resolve("app/plugins").toString(),
                "CORRIGO_DEMO_ENABLED", "false", "CORRIGO_ADMIN_PASSWORD", "image-test-admin-password");
        // the image's own entrypoint, its class path file pointing into the unpacked root
        List<String> command = entrypoint.stream().map(a -> a.equals("@/app/jib-classpath-file") ? "@" + classpath : a).toList();
        ProcessBuilder host = new ProcessBuilder(command)
                .redirectErrorStream(true).redirectOutput(work.resolve("host.log").toFile());
        host.environment().putAll(environment);
        Process running = host.start();
        try {
            List<String> probe = List.of("java", "-cp", "@" + classpath, "io.corrigo.CorrigoApplication", "healthcheck");
            assertThat(exitCode(probe, environment)).as("not UP before it has started").isEqualTo(1);
            long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
            int health = 1;
            while (health != 0 && running.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(1000);
                health = exitCode(probe, environment);
            }
            assertThat(health).as("the health check once started; host log:\n%s", tail(work.resolve("host.log"))).isZero();
        } finally {
            running.destroy();
            if (!running.waitFor(30, TimeUnit.SECONDS)) {
                running.destroyForcibly();
            }
        }
    }

    private static int exitCode(List<String> command, Map<String, String> environment) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().putAll(environment);
        Process process = builder.start();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return -1;
        }
        return process.exitValue();
    }

    /** Runs a command to its end and returns its output; fails the test with that output when it fails. */
    private static String run(List<String> command, Path log, Duration max) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean finished = process.waitFor(max.toSeconds(), TimeUnit.SECONDS);
        String output = Files.readString(log);
        assertThat(finished).as("%s finished; output:\n%s", command.get(0), output).isTrue();
        assertThat(process.exitValue()).as("%s exit code; output:\n%s", command, output).isZero();
        return output;
    }

    private static List<String> texts(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }

    private static Set<String> fieldNames(JsonNode object) {
        Set<String> names = new java.util.TreeSet<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
        // the causes of a failed start, then the last lines
        String causes = lines.stream().filter(l -> l.contains("Caused by") || l.contains("APPLICATION FAILED")
                || l.startsWith("Description") || l.startsWith("Action") || l.contains(" ERROR ")).limit(20)
                .collect(Collectors.joining("\n"));
        return causes + "\n...\n" + lines.subList(Math.max(0, lines.size() - 20), lines.size()).stream()
                .collect(Collectors.joining("\n"));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}

package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real npm client package for a test: the {@code package.json}, {@code package-lock.json} and {@code client.mjs} of a
 * test resource folder, installed with {@code npm ci} from the npm registry into {@code target/<folder>} (once per lock
 * file), and the script run by Node, its standard output read as one JSON object.
 */
public final class NodePackage {

    private final String folder;
    private final Path home;

    public NodePackage(String folder) {
        this.folder = folder;
        this.home = Path.of("target", folder);
    }

    /** Installs the package (when its lock file changed) and copies the script in. */
    public NodePackage install() throws IOException, InterruptedException {
        Files.createDirectories(home);
        String lock = resource("package-lock.json");
        Files.writeString(home.resolve("client.mjs"), resource("client.mjs"));
        Path installed = home.resolve("node_modules/.corrigo-lock");
        if (Files.exists(installed) && Files.readString(installed).equals(lock)) {
            return this;
        }
        Files.writeString(home.resolve("package.json"), resource("package.json"));
        Files.writeString(home.resolve("package-lock.json"), lock);
        Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(home.toFile())
                .redirectErrorStream(true).redirectOutput(home.resolve("npm.log").toFile()).start();
        if (!npm.waitFor(10, TimeUnit.MINUTES) || npm.exitValue() != 0) {
            npm.destroyForcibly();
            throw new IllegalStateException("npm ci failed in " + home.toAbsolutePath() + ":\n" + Files.readString(home.resolve("npm.log")));
        }
        Files.writeString(installed, lock);
        return this;
    }

    /** Runs {@code node client.mjs args…} and reads what it printed; fails the test when it exits with an error. */
    public JsonNode run(String... args) throws IOException, InterruptedException {
        Path log = home.resolve("client.log");
        List<String> command = new ArrayList<>(List.of("node", "client.mjs"));
        command.addAll(List.of(args));
        Process node = new ProcessBuilder(command).directory(home.toFile()).redirectError(log.toFile()).start();
        byte[] stdout = node.getInputStream().readAllBytes();
        assertThat(node.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(node.exitValue()).as(Files.readString(log)).isZero();
        return new ObjectMapper().readTree(stdout);
    }

    private String resource(String name) throws IOException {
        try (InputStream in = NodePackage.class.getResourceAsStream("/" + folder + "/" + name)) {
            if (in == null) {
                throw new IllegalStateException("resource /" + folder + "/" + name + " missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

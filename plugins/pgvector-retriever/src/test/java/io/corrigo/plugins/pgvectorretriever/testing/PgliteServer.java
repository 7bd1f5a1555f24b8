package io.corrigo.plugins.pgvectorretriever.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A real PostgreSQL with pgvector for the tests: PGlite (PostgreSQL compiled to WebAssembly, with the pgvector
 * extension) behind {@code pglite-socket}, which speaks PostgreSQL's wire protocol on 127.0.0.1. Installed from the npm
 * registry with {@code npm ci} into {@code target/pglite} of the running module on first use (versions pinned by the
 * {@code pglite/package-lock.json} resource), started on a free port and stopped when the JVM exits. Shared through
 * this module's test jar (the multi-host tests use it too).
 */
public final class PgliteServer {

    private static final Path HOME = Path.of("target/pglite");

    private static String url;

    /** Retriever settings for this server: one backend, so one connection (transactions must not interleave). */
    public static java.util.Map<String, String> settings(String tablePrefix) {
        return java.util.Map.of("url", jdbcUrl(), "username", "postgres", "password", "postgres", "poolSize", "1",
                "tablePrefix", tablePrefix);
    }

    private PgliteServer() {
    }

    /**
     * The server's JDBC URL (user {@code postgres}, any password), starting it if needed. PGlite is one PostgreSQL
     * backend behind every socket connection, so server-side prepared statements are off (their names would collide
     * across connections) and the tests use one connection at a time ({@link #settings}).
     */
    public static synchronized String jdbcUrl() {
        if (url == null) {
            url = start();
        }
        return url;
    }

    private static String start() {
        try {
            install();
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            Process server = new ProcessBuilder("node", "node_modules/@electric-sql/pglite-socket/dist/scripts/server.js",
                    "--host=127.0.0.1", "--port=" + port, "--extensions=@electric-sql/pglite-pgvector:vector",
                    "--max-connections=8")
                    .directory(HOME.toFile()).redirectErrorStream(true).start();
            Runtime.getRuntime().addShutdownHook(new Thread(server::destroy));
            CompletableFuture<Void> listening = new CompletableFuture<>();
            StringBuilder log = new StringBuilder();
            Thread reader = new Thread(() -> {
                try (BufferedReader lines = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = lines.readLine()) != null; ) {
                        synchronized (log) {
                            log.append(line).append('\n');
                        }
                        if (line.contains("listening")) {
                            listening.complete(null);
                        }
                    }
                } catch (IOException ignored) {
                    // the server stopped
                }
                listening.completeExceptionally(new IllegalStateException("pglite-server exited:\n" + log));
            }, "pglite-server-log");
            reader.setDaemon(true);
            reader.start();
            listening.get(60, TimeUnit.SECONDS);
            return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?sslmode=disable&prepareThreshold=0";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException("could not start pglite-server: " + e.getMessage(), e);
        }
    }

    private static String resource(String name) throws IOException {
        try (var in = PgliteServer.class.getResourceAsStream("/pglite/" + name)) {
            if (in == null) {
                throw new IllegalStateException("resource /pglite/" + name + " missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** {@code npm ci} once per lock file. */
    private static void install() throws IOException, InterruptedException {
        Files.createDirectories(HOME);
        String lock = resource("package-lock.json");
        Path installed = HOME.resolve("node_modules/.corrigo-lock");
        if (Files.exists(installed) && Files.readString(installed).equals(lock)) {
            return;
        }
        Files.writeString(HOME.resolve("package.json"), resource("package.json"));
        Files.writeString(HOME.resolve("package-lock.json"), lock);
        Process npm;
        try {
            npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(HOME.toFile())
                    .redirectErrorStream(true).redirectOutput(HOME.resolve("npm.log").toFile()).start();
        } catch (IOException e) {
            throw new IllegalStateException("the pgvector tests need Node.js 20+ and npm (apt-get install nodejs npm): " + e.getMessage(), e);
        }
        if (!npm.waitFor(10, TimeUnit.MINUTES) || npm.exitValue() != 0) {
            npm.destroyForcibly();
            throw new IllegalStateException("npm ci failed in " + HOME.toAbsolutePath() + ":\n" + Files.readString(HOME.resolve("npm.log")));
        }
        Files.writeString(installed, lock);
    }
}

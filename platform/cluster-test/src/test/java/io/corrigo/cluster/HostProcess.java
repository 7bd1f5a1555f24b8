package io.corrigo.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.testsupport.Multipart;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * One Corrigo host: the jar the README runs ({@code java -jar ui/target/corrigo.jar}), started as its own process on
 * a free port with the given environment, spoken to over HTTP as the platform admin, and stopped or killed.
 */
final class HostProcess implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** A response: status, parsed JSON body (null node when empty or not JSON) and headers. */
    record Reply(int status, JsonNode body, HttpResponse<String> raw) {
    }

    private final String id;
    private final int port;
    private final Process process;
    private final Path log;
    private final String authorization;

    private HostProcess(String id, int port, Process process, Path log, String authorization) {
        this.id = id;
        this.port = port;
        this.process = process;
        this.log = log;
        this.authorization = authorization;
    }

    /**
     * Starts a host. {@code environment} is added to this JVM's; {@code arguments} follow the jar on the command line.
     * Returns at once: {@link #awaitHealthy} waits for it.
     */
    static HostProcess start(String id, Path jar, Path logDirectory, Map<String, String> environment, List<String> arguments,
                             String adminPassword) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: build it first (./mvnw install builds ui before this module)");
        }
        try {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx768m", "-jar", jar.toString(), "--server.port=" + port, "--server.address=127.0.0.1"));
            command.addAll(arguments);
            Path log = Files.createDirectories(logDirectory).resolve(id + ".log");
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            builder.environment().putAll(environment);
            Process process = builder.start();
            String authorization = "Basic " + Base64.getEncoder().encodeToString(("admin:" + adminPassword).getBytes(StandardCharsets.UTF_8));
            return new HostProcess(id, port, process, log, authorization);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits until the host answers its health endpoint with UP; fails with the log's tail if it exits or takes too long. */
    HostProcess awaitHealthy(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(id + " exited with " + process.exitValue() + ":\n" + logTail());
            }
            try {
                Reply health = get("/actuator/health");
                if (health.status() == 200 && "UP".equals(health.body().path("status").asText())) {
                    return this;
                }
            } catch (UncheckedIOException notYet) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException(id + " not healthy after " + timeout + ":\n" + logTail());
    }

    String id() {
        return id;
    }

    /** The host's address, e.g. {@code http://127.0.0.1:8123}. */
    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** The admin's {@code Authorization} header. */
    String authorization() {
        return authorization;
    }

    int port() {
        return port;
    }

    boolean alive() {
        return process.isAlive();
    }

    /** The last 60 lines of the host's output. */
    String logTail() {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** The host's whole output so far. */
    String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Ends the process as a crash would: no shutdown hooks, no released claims. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(Duration.ofSeconds(20).toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                kill();
            }
        }
    }

    Reply get(String path) {
        return send(request(path).GET());
    }

    Reply putJson(String path, Object body) {
        return send(json(request(path), "PUT", body));
    }

    Reply postJson(String path, Object body) {
        return send(json(request(path), "POST", body));
    }

    /** A request without the admin's credentials (the widget's public API), with the given headers. */
    Reply anonymous(String method, String path, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).method(method, HttpRequest.BodyPublishers.noBody());
        headers.forEach(request::header);
        return send(request);
    }

    /** A multipart upload of one file in the field {@code file}. */
    Reply upload(String path, String fileName, byte[] content) {
        Multipart multipart = Multipart.file(fileName, content);
        return send(request(path).header("Content-Type", multipart.contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(multipart.body())));
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(uri(path)).timeout(Duration.ofMinutes(3)).header("Authorization", authorization);
    }

    private static HttpRequest.Builder json(HttpRequest.Builder request, String method, Object body) {
        try {
            return request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private Reply send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode body;
            try {
                body = response.body().isBlank() ? JSON.nullNode() : JSON.readTree(response.body());
            } catch (IOException notJson) {
                body = JSON.nullNode();
            }
            return new Reply(response.statusCode(), body, response);
        } catch (ConnectException e) {
            throw new UncheckedIOException(id + " is not listening on " + port, e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

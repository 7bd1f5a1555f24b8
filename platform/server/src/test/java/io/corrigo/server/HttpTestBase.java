package io.corrigo.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.testsupport.Eventually;
import io.corrigo.testsupport.Multipart;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * HTTP helpers for tests of a running host (requests as the platform admin, JSON replies, uploads, questions) and the
 * wait for its demo corpus. A subclass brings the host: {@link HostTestBase} the one shared by most HTTP tests.
 */
public abstract class HttpTestBase {

    protected static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    /** The first platform admin, created on start with this password. */
    protected static final String ADMIN = "admin";
    protected static final String ADMIN_PASSWORD = "test-admin-password";

    /** The ports of hosts whose demo corpus is indexed (or that have no demo tenant): one per Spring context. */
    private static final java.util.Set<Integer> READY = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** The {@code Authorization} header of the next requests; null sends none. */
    private String authorization = basic(ADMIN, ADMIN_PASSWORD);

    @LocalServerPort
    protected int port;

    /** The demo corpus is indexed by a background job: HTTP tests start once it has finished. */
    @org.junit.jupiter.api.BeforeEach
    void waitForTheDemoCorpus() {
        if (!READY.contains(port)) {
            Eventually.until(this::demoIndexed, java.time.Duration.ofMinutes(10), "the demo corpus indexed");
            READY.add(port);
        }
    }

    /** Whether every ingestion job of the demo tenant is done, or there is no demo tenant in this context. */
    private boolean demoIndexed() {
        Reply jobs = get("/api/v1/tenants/demo/jobs");
        if (jobs.status() == 404) {
            return true;
        }
        boolean finished = jobs.status() == 200 && jobs.body().size() > 0;
        for (JsonNode job : jobs.status() == 200 ? jobs.body() : JSON.createArrayNode()) {
            finished &= job.get("state").asText().equals("DONE");
        }
        return finished;
    }

    /** An HTTP Basic {@code Authorization} header value. */
    protected static String basic(String user, String password) {
        return "Basic " + java.util.Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** The platform admin's {@code Authorization} header, for tests that build their own requests. */
    protected static String adminAuthorization() {
        return basic(ADMIN, ADMIN_PASSWORD);
    }

    /** Sends the next requests as {@code user}; {@code null} sends them without credentials. */
    protected void signIn(String user, String password) {
        authorization = user == null ? null : basic(user, password);
    }

    /** Sends the next requests with this {@code Authorization} header (a Bearer token, say); null sends none. */
    protected void authorizeWith(String header) {
        authorization = header;
    }

    /** Back to the platform admin. */
    protected void signInAsAdmin() {
        signIn(ADMIN, ADMIN_PASSWORD);
    }

    /** A response: status and parsed JSON body. */
    protected record Reply(int status, JsonNode body) {
    }

    protected Reply get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    /** A GET whose reply is not JSON: the body is one text node. */
    protected Reply getText(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET(), false);
    }

    protected Reply delete(String path) {
        return send(HttpRequest.newBuilder(uri(path)).DELETE());
    }

    protected Reply patchJson(String path, Object body) {
        return sendJson("PATCH", path, body);
    }

    protected Reply postJson(String path, Object body) {
        return sendJson("POST", path, body);
    }

    protected Reply putJson(String path, Object body) {
        return sendJson("PUT", path, body);
    }

    protected Reply postRaw(String path, String contentType, String body) {
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** A multipart upload of one file that waits for its ingestion job: the job is the body. */
    protected Reply uploadAndWait(String path, String fileName, byte[] content) {
        return upload(path + (path.contains("?") ? "&" : "?") + "wait=true", fileName, content);
    }

    /** A multipart upload of one file in the field {@code file}. */
    protected Reply upload(String path, String fileName, byte[] content) {
        Multipart multipart = Multipart.file(fileName, content);
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", multipart.contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(multipart.body())));
    }

    protected Reply ask(String tenant, String question) {
        return postJson("/api/v1/tenants/" + tenant + "/query", Map.of("question", question));
    }

    private Reply sendJson(String method, String path, Object body) {
        try {
            return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private Reply send(HttpRequest.Builder request) {
        return send(request, true);
    }

    private Reply send(HttpRequest.Builder request, boolean json) {
        try {
            if (authorization != null) {
                request.header("Authorization", authorization);
            }
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode body = !json ? JSON.getNodeFactory().textNode(response.body())
                    : response.body().isBlank() ? JSON.nullNode() : JSON.readTree(response.body());
            return new Reply(response.statusCode(), body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

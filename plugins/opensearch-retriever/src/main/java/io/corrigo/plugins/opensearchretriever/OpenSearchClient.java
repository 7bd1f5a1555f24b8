package io.corrigo.plugins.opensearchretriever;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * The few OpenSearch REST calls the retriever needs, over the JDK's HTTP client: JSON in, JSON out, a clear exception
 * with the status and OpenSearch's reason for anything but 2xx. Thread-safe.
 */
final class OpenSearchClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A non-2xx answer. */
    static final class OpenSearchException extends RuntimeException {
        final int status;

        OpenSearchException(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    private final URI base;
    private final String authorization;
    private final Duration timeout;
    private final HttpClient http;

    OpenSearchClient(URI base, String username, String password, Duration timeout) {
        this.base = URI.create(base.toString().replaceAll("/+$", ""));
        this.authorization = username == null || username.isBlank() ? null : "Basic " + Base64.getEncoder()
                .encodeToString((username + ":" + (password == null ? "" : password)).getBytes(StandardCharsets.UTF_8));
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
    }

    static ObjectMapper json() {
        return JSON;
    }

    /** The status of {@code HEAD path}. */
    int head(String path) {
        return send(request(path).method("HEAD", HttpRequest.BodyPublishers.noBody()), false).statusCode();
    }

    JsonNode get(String path) {
        return parse(send(request(path).GET(), true));
    }

    JsonNode put(String path, Object body) {
        return parse(send(request(path).header("Content-Type", "application/json").PUT(body(body)), true));
    }

    JsonNode post(String path, Object body) {
        return parse(send(request(path).header("Content-Type", "application/json").POST(body(body)), true));
    }

    /** A request body in newline-delimited JSON ({@code _bulk}, {@code _msearch}). */
    JsonNode postNdjson(String path, String ndjson) {
        return parse(send(request(path).header("Content-Type", "application/x-ndjson")
                .POST(HttpRequest.BodyPublishers.ofString(ndjson, StandardCharsets.UTF_8)), true));
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path)).timeout(timeout)
                .header("Accept", "application/json");
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        return builder;
    }

    private static HttpRequest.BodyPublisher body(Object body) {
        try {
            return HttpRequest.BodyPublishers.ofString(body instanceof String s ? s : JSON.writeValueAsString(body),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private HttpResponse<String> send(HttpRequest.Builder request, boolean requireSuccess) {
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("OpenSearch at " + base + " unreachable: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while calling OpenSearch", e);
        }
        if (requireSuccess && response.statusCode() / 100 != 2) {
            throw new OpenSearchException(response.statusCode(), "OpenSearch answered HTTP " + response.statusCode() + ": "
                    + reason(response.body()));
        }
        return response;
    }

    private static String reason(String body) {
        try {
            JsonNode error = JSON.readTree(body).path("error");
            String reason = error.path("root_cause").path(0).path("reason").asText(error.path("reason").asText(""));
            return reason.isBlank() ? abbreviate(body) : reason;
        } catch (IOException e) {
            return abbreviate(body);
        }
    }

    private static String abbreviate(String body) {
        return body == null ? "" : body.length() > 300 ? body.substring(0, 300) + "…" : body;
    }

    private static JsonNode parse(HttpResponse<String> response) {
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("OpenSearch answered malformed JSON: " + e.getMessage(), e);
        }
    }
}

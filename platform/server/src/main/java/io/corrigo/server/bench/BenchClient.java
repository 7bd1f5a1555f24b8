package io.corrigo.server.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/** The deployment as the benchmark sees it: the admin API's questions, run traces and the process's CPU time. */
final class BenchClient {

    /**
     * One question's outcome.
     *
     * @param status    the HTTP status (0: no response)
     * @param clientMs  the round trip
     * @param serverMs  the run's own total, from the answer
     * @param action    the CRAG action, or {@code null}
     * @param degraded  whether the answer was degraded (a failure for a benchmark, as a non-200 is)
     * @param runId     the run's id, for its trace
     */
    record Sample(int status, double clientMs, double serverMs, String action, boolean degraded, String runId) {

        boolean ok() {
            return status == 200 && !degraded;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final String authorization;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    BenchClient(URI base, String user, String password) {
        this.base = base;
        this.authorization = "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** Checks the tenant can be asked with these credentials; throws with the reason otherwise. */
    void check(String tenant) {
        HttpResponse<String> response = send(HttpRequest.newBuilder(base.resolve("/api/v1/tenants/" + tenant)).GET());
        if (response == null) {
            throw new IllegalStateException("no answer from " + base);
        }
        if (response.statusCode() == 401 || response.statusCode() == 403) {
            throw new IllegalStateException("the admin credentials were refused (" + response.statusCode() + ")");
        }
        if (response.statusCode() != 200) {
            throw new IllegalStateException("tenant '" + tenant + "': " + response.statusCode() + " " + response.body());
        }
    }

    Sample ask(String tenant, String question) {
        long start = System.nanoTime();
        HttpResponse<String> response;
        try {
            response = send(HttpRequest.newBuilder(base.resolve("/api/v1/tenants/" + tenant + "/query"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("question", question)))));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        double clientMs = (System.nanoTime() - start) / 1e6;
        if (response == null) {
            return new Sample(0, clientMs, Double.NaN, null, false, null);
        }
        if (response.statusCode() != 200) {
            return new Sample(response.statusCode(), clientMs, Double.NaN, null, false, null);
        }
        try {
            JsonNode body = JSON.readTree(response.body());
            return new Sample(200, clientMs, body.path("totalMillis").asDouble(Double.NaN),
                    body.hasNonNull("action") ? body.get("action").asText() : null, body.path("degraded").asBoolean(),
                    body.path("runId").asText(null));
        } catch (IOException e) {
            return new Sample(0, clientMs, Double.NaN, null, false, null);
        }
    }

    /** Milliseconds per stage of a run, from its trace (empty when it cannot be read). */
    Map<String, Double> stages(String tenant, String runId) {
        Map<String, Double> stages = new LinkedHashMap<>();
        HttpResponse<String> response = send(HttpRequest.newBuilder(base.resolve("/api/v1/tenants/" + tenant + "/runs/" + runId)).GET());
        if (response == null || response.statusCode() != 200) {
            return stages;
        }
        try {
            for (JsonNode timing : JSON.readTree(response.body()).path("trace").path("timings")) {
                stages.merge(timing.path("stage").asText().toLowerCase(), timing.path("millis").asDouble(), Double::sum);
            }
        } catch (IOException e) {
            // no stages for this run
        }
        return stages;
    }

    /** The host process's CPU time in seconds so far ({@code process.cpu.time}), or {@code null} if not readable. */
    Double cpuSeconds() {
        JsonNode body = metric("process.cpu.time");
        if (body == null) {
            return null;
        }
        double value = body.path("measurements").path(0).path("value").asDouble(Double.NaN);
        double seconds = switch (body.path("baseUnit").asText("seconds")) {
            case "ns", "nanoseconds" -> value / 1e9;
            case "ms", "milliseconds" -> value / 1e3;
            default -> value;
        };
        return Double.isNaN(seconds) ? null : seconds;
    }

    /** A counter of the host's metrics, e.g. {@code corrigo.embeddings.cache} with {@code result:hit}; {@code null} if unreadable. */
    Double count(String name, String tag) {
        JsonNode body = metric(name + "?tag=" + tag);
        if (body == null) {
            return null;
        }
        double value = body.path("measurements").path(0).path("value").asDouble(Double.NaN);
        return Double.isNaN(value) ? null : value;
    }

    private JsonNode metric(String path) {
        HttpResponse<String> response = send(HttpRequest.newBuilder(base.resolve("/actuator/metrics/" + path)).GET());
        if (response == null || response.statusCode() != 200) {
            return null;
        }
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            return null;
        }
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.header("Authorization", authorization).timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}

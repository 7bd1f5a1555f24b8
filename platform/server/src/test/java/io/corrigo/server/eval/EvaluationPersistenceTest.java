package io.corrigo.server.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.CorrigoApplication;
import io.corrigo.testsupport.Eventually;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Evaluations outlive their host: two runs become cases of a tenant's evaluation set ("add to evaluation set"), the
 * set is evaluated through the API as CI would, the host stops, and a new host on the same database lists the
 * evaluation with its report and serves its HTML report.
 */
class EvaluationPersistenceTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String PASSWORD = "persistence-admin-password";
    private static final String TENANT = "persist";

    private static ConfigurableApplicationContext start(Path data) {
        // as command-line arguments: they win over the packaged application properties, as an operator's would
        return new SpringApplicationBuilder(CorrigoApplication.class).run("--server.port=0",
                "--corrigo.data-dir=" + data, "--corrigo.plugins-dir=" + Paths.get("target", "plugins").toAbsolutePath(),
                "--corrigo.security.admin-password=" + PASSWORD, "--corrigo.demo.enabled=false");
    }

    private record Reply(int status, JsonNode body, String text) {
    }

    private static Reply send(int port, String method, String path, String contentType, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD)
                        .getBytes(StandardCharsets.UTF_8)))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        JsonNode json = null;
        try {
            json = response.body().isBlank() ? null : JSON.readTree(response.body());
        } catch (Exception notJson) {
            // an HTML report
        }
        return new Reply(response.statusCode(), json, response.body());
    }

    private static Reply json(int port, String method, String path, Object body) throws Exception {
        return send(port, method, path, "application/json", JSON.writeValueAsString(body));
    }

    private static int port(ConfigurableApplicationContext host) {
        return host.getEnvironment().getProperty("local.server.port", Integer.class);
    }

    @Test
    void should_keep_an_evaluation_of_cases_taken_from_runs_across_a_restart() throws Exception {
        Path data = Files.createDirectories(Paths.get("target", "test-data", "persist-" + UUID.randomUUID()).toAbsolutePath());
        String evaluation;
        try (ConfigurableApplicationContext first = start(data)) {
            int port = port(first);
            assertThat(json(port, "POST", "/api/v1/tenants", Map.of("id", TENANT, "name", "Persist")).status()).isEqualTo(201);
            String boundary = "b-" + UUID.randomUUID();
            String upload = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"bridge.md\"\r\n"
                    + "Content-Type: text/markdown\r\n\r\nThe Quillon bridge opened in 1931. It spans the Vesna river.\r\n--"
                    + boundary + "--\r\n";
            assertThat(send(port, "POST", "/api/v1/tenants/" + TENANT + "/documents?wait=true",
                    "multipart/form-data; boundary=" + boundary, upload).status()).isEqualTo(200);
            String answered = json(port, "POST", "/api/v1/tenants/" + TENANT + "/query",
                    Map.of("question", "When did the Quillon bridge open?")).body().get("runId").asText();
            String unanswerable = json(port, "POST", "/api/v1/tenants/" + TENANT + "/query",
                    Map.of("question", "Who painted the Mona Lisa?")).body().get("runId").asText();

            // from the run log: each run becomes a case with the route and answer expected
            Reply kept = json(port, "POST", "/api/v1/tenants/" + TENANT + "/runs/" + answered + "/eval-case",
                    Map.of("set", "regression", "route", "kb", "answer", "1931"));
            assertThat(kept.status()).as(kept.text()).isEqualTo(201);
            assertThat(kept.body().get("question").asText()).isEqualTo("When did the Quillon bridge open?");
            assertThat(json(port, "POST", "/api/v1/tenants/" + TENANT + "/runs/" + unanswerable + "/eval-case",
                    Map.of("set", "regression", "route", "none")).status()).isEqualTo(201);
            assertThat(json(port, "POST", "/api/v1/tenants/" + TENANT + "/runs/" + unanswerable + "/eval-case",
                    Map.of("set", "regression", "route", "maybe")).status()).isEqualTo(400);
            assertThat(send(port, "GET", "/api/v1/tenants/" + TENANT + "/eval-sets/regression", null, null).text().lines())
                    .hasSize(2);

            // CI starts an evaluation of the set and waits for it
            Reply started = send(port, "POST", "/api/v1/tenants/" + TENANT + "/evaluations?set=regression", null, null);
            assertThat(started.status()).as(started.text()).isEqualTo(202);
            evaluation = started.body().get("id").asText();
            String path = "/api/v1/tenants/" + TENANT + "/evaluations/" + evaluation;
            JsonNode done = Eventually.until(() -> read(port, path),
                    job -> !job.get("state").asText().equals("RUNNING"), Duration.ofSeconds(60));
            assertThat(done.get("state").asText()).isEqualTo("DONE");
            assertThat(done.get("report").get("questions").asInt()).isEqualTo(2);
        }

        try (ConfigurableApplicationContext second = start(data)) {
            int port = port(second);
            JsonNode list = send(port, "GET", "/api/v1/tenants/" + TENANT + "/evaluations", null, null).body();
            assertThat(list).hasSize(1);
            JsonNode stored = list.get(0);
            assertThat(stored.get("id").asText()).isEqualTo(evaluation);
            assertThat(stored.get("state").asText()).isEqualTo("DONE");
            assertThat(stored.get("name").asText()).isEqualTo("set regression");
            JsonNode corrective = stored.get("overall").get("corrective v1");
            assertThat(corrective.get("questions").asInt()).isEqualTo(2);
            assertThat(corrective.get("routeAccuracy").asDouble()).isBetween(0.0, 1.0);
            assertThat(stored.get("overall").has("naive")).isTrue();
            JsonNode report = send(port, "GET", "/api/v1/tenants/" + TENANT + "/evaluations/" + evaluation, null, null).body();
            assertThat(report.get("report").get("pipelines")).hasSize(2);
            Reply html = send(port, "GET", "/api/v1/tenants/" + TENANT + "/evaluations/" + evaluation + "/report.html", null, null);
            assertThat(html.status()).isEqualTo(200);
            assertThat(html.text()).contains("<svg", "faithfulness");
        }
    }

    /** The JSON body of a GET, for polling. */
    private static JsonNode read(int port, String path) {
        try {
            return send(port, "GET", path, null, null).body();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

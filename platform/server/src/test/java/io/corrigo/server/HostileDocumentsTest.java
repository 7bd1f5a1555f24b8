package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.testsupport.Eventually;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A hostile document costs itself, never the host: a PDF decompression bomb (400 MiB of page content in under a
 * megabyte) is read in the parser's own process, fails with the reason, and meanwhile the host answers its health
 * check within a second and another tenant's upload is indexed.
 */
class HostileDocumentsTest extends HostTestBase {

    @Test
    void should_fail_only_the_bomb__while_the_host_answers_and_another_tenant_ingests() throws Exception {
        // given
        postJson("/api/v1/tenants", Map.of("id", "bombed", "name", "Bombed"));
        postJson("/api/v1/tenants", Map.of("id", "bystander", "name", "Bystander"));
        byte[] bomb = TestDocuments.pdfBomb(400L << 20);
        List<String> slowOrFailed = new CopyOnWriteArrayList<>();
        AtomicBoolean watching = new AtomicBoolean(true);
        int[] probes = {0};
        Thread health = new Thread(() -> watchHealth(watching, slowOrFailed, probes));
        health.start();

        // when
        Reply bombJob = upload("/api/v1/tenants/bombed/documents", "quarterly.pdf", bomb);
        Reply other = upload("/api/v1/tenants/bystander/documents", "ferries.txt",
                "The Skerrow ferry leaves the harbour at noon every day.".getBytes(StandardCharsets.UTF_8));
        JsonNode bombed = awaitJob("bombed", bombJob);
        JsonNode bystander = awaitJob("bystander", other);
        watching.set(false);
        health.join();

        // then
        assertThat(bombJob.status()).as("accepted at once: parsing happens in the job").isEqualTo(202);
        assertThat(bombed.get("state").asText()).isEqualTo("DONE");
        JsonNode document = bombed.get("documents").get(0);
        assertThat(document.get("status").asText()).isEqualTo("FAILED");
        assertThat(document.get("error").asText()).as(document.toString()).contains("quarterly.pdf").contains("needs more memory");
        assertThat(bystander.get("documents").get(0).get("status").asText()).isEqualTo("INDEXED");
        assertThat(probes[0]).as("health probes made while the bomb was read").isGreaterThan(3);
        assertThat(slowOrFailed).as("health probes slower than 1 s or not 200").isEmpty();
        assertThat(ask("bystander", "When does the Skerrow ferry leave the harbour?").body().get("answer").asText())
                .contains("noon");
    }

    private JsonNode awaitJob(String tenant, Reply submitted) throws InterruptedException {
        assertThat(submitted.status()).as(submitted.body().toString()).isIn(200, 202);
        String id = submitted.body().get("id").asText();
        return Eventually.until(() -> get("/api/v1/tenants/" + tenant + "/jobs/" + id).body(),
                job -> List.of("DONE", "FAILED").contains(job.get("state").asText()), Duration.ofMinutes(3));
    }

    private void watchHealth(AtomicBoolean watching, List<String> slowOrFailed, int[] probes) {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        while (watching.get()) {
            long start = System.nanoTime();
            try {
                HttpResponse<String> reply = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/health"))
                        .timeout(Duration.ofSeconds(1)).GET().build(), HttpResponse.BodyHandlers.ofString());
                long millis = (System.nanoTime() - start) / 1_000_000;
                if (reply.statusCode() != 200 || millis > 1000) {
                    slowOrFailed.add(reply.statusCode() + " in " + millis + " ms");
                }
            } catch (Exception e) {
                slowOrFailed.add(e.toString());
            }
            probes[0]++;
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}

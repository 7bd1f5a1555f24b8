package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.api.KnowledgeIndex;
import io.corrigo.server.pipeline.PipelineRuntimes;
import io.corrigo.testsupport.Eventually;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Ingestion shared fairly between tenants and stoppable: a tenant's small upload is indexed while another tenant's
 * long job runs; deleting a document or disabling its tenant stops the job working on it, and leaves no chunks.
 */
class FairIngestionTest extends HostTestBase {

    @Autowired
    PipelineRuntimes runtimes;
    @Autowired
    JdbcTemplate jdbc;

    /** A ledger of {@code rows} sentences: some hundred chunks, tens of seconds of embedding. */
    private static byte[] ledger(int rows) {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= rows; i++) {
            text.append("Ledger row ").append(i).append(" records a shipment of ").append(i % 97 + 3)
                    .append(" crates of tin to the harbour of Port ").append((char) ('A' + i % 26)).append(". ");
            if (i % 40 == 0) {
                text.append("\n\n");
            }
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    private JsonNode job(String tenant, String id) {
        return get("/api/v1/tenants/" + tenant + "/jobs/" + id).body();
    }

    private JsonNode awaitJob(String tenant, String id, Predicate<JsonNode> until) {
        return Eventually.until(() -> job(tenant, id), until, Duration.ofMinutes(3));
    }

    private static boolean finished(JsonNode job) {
        return job.get("state").asText().equals("DONE") || job.get("state").asText().equals("FAILED");
    }

    private long passages(String tenant) {
        return runtimes.forTenant(tenant).knowledgeIndex().map(KnowledgeIndex::size).orElseThrow();
    }

    @Test
    void should_index_a_small_upload_while_another_tenant_s_long_job_runs__and_stop_that_job_when_its_document_is_deleted()
            throws InterruptedException {
        // given: a long job of one tenant, running
        postJson("/api/v1/tenants", Map.of("id", "busy", "name", "Busy"));
        postJson("/api/v1/tenants", Map.of("id", "quick", "name", "Quick"));
        String longJob = upload("/api/v1/tenants/busy/documents", "ledger.txt", ledger(3000)).body().get("id").asText();
        JsonNode running = awaitJob("busy", longJob, j -> j.get("state").asText().equals("RUNNING") || finished(j));
        assertThat(running.get("state").asText()).isEqualTo("RUNNING");

        // when: another tenant uploads one sentence
        Reply small = uploadAndWait("/api/v1/tenants/quick/documents", "note.txt",
                "The Port B harbour master is Edda Vinter.".getBytes(StandardCharsets.UTF_8));

        // then: indexed while the long job is still at work
        assertThat(small.body().get("state").asText()).isEqualTo("DONE");
        assertThat(small.body().at("/documents/0/status").asText()).isEqualTo("INDEXED");
        assertThat(job("busy", longJob).get("state").asText()).as("the long job, meanwhile").isEqualTo("RUNNING");

        // when: the long job's document is deleted
        String document = running.at("/documents/0/id").asText();
        assertThat(delete("/api/v1/tenants/busy/documents/" + document).status()).isEqualTo(204);
        JsonNode stopped = awaitJob("busy", longJob, FairIngestionTest::finished);

        // then: the job ends without bringing the document back or leaving chunks of it
        assertThat(stopped.get("state").asText()).isEqualTo("DONE");
        assertThat(stopped.get("chunksDone").asInt()).as("stopped early").isLessThan(stopped.get("chunksTotal").asInt());
        assertThat(get("/api/v1/tenants/busy/documents").body()).isEmpty();
        assertThat(passages("busy")).isZero();
    }

    @Test
    void should_stop_a_running_job_when_its_tenant_is_disabled__failing_its_document_as_cancelled() throws InterruptedException {
        // given
        postJson("/api/v1/tenants", Map.of("id", "halted", "name", "Halted"));
        String longJob = upload("/api/v1/tenants/halted/documents", "ledger.txt", ledger(3000)).body().get("id").asText();
        JsonNode running = awaitJob("halted", longJob, j -> j.get("state").asText().equals("RUNNING") || finished(j));
        assertThat(running.get("state").asText()).isEqualTo("RUNNING");

        // when
        assertThat(patchJson("/api/v1/tenants/halted", Map.of("enabled", false)).status()).isEqualTo(200);
        // a disabled tenant's API answers 404: read the job's state in the database until the job has stopped
        Eventually.until(() -> !jdbc.queryForObject("SELECT state FROM ingestion_job WHERE id = ?", String.class, longJob)
                .equals("RUNNING"), Duration.ofMinutes(2), "the disabled tenant's job stops");
        assertThat(patchJson("/api/v1/tenants/halted", Map.of("enabled", true)).status()).isEqualTo(200);
        JsonNode stopped = awaitJob("halted", longJob, FairIngestionTest::finished);

        // then
        assertThat(stopped.get("state").asText()).isEqualTo("FAILED");
        assertThat(stopped.get("chunksDone").asInt()).as("stopped early").isLessThan(stopped.get("chunksTotal").asInt());
        assertThat(stopped.at("/documents/0/status").asText()).isEqualTo("FAILED");
        assertThat(stopped.at("/documents/0/error").asText()).contains("cancelled: the tenant was disabled");
        assertThat(passages("halted")).isZero();
    }
}

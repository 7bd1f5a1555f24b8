package io.corrigo.server.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.HostTestBase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;

/** Runs written off the request path: none lost when the host stops, none unreadable right after its answer. */
class RunWriterTest extends HostTestBase {

    @Autowired
    RunRepository runs;

    @Autowired
    PlatformTransactionManager transactions;

    @Autowired
    RunRollups rollups;

    @Autowired
    RunLog log;

    private static RunRecord run(String tenant, int n) {
        RunRecord r = new RunRecord();
        r.id = UUID.randomUUID().toString();
        r.tenantId = tenant;
        r.pipelineVersion = 1;
        r.question = "question " + n;
        r.mode = "CORRECTIVE";
        r.action = "CORRECT";
        r.answer = "answer " + n;
        r.totalMillis = 1;
        r.createdAt = Instant.now();
        r.trace = "{}";
        return r;
    }

    @Test
    void should_write_every_queued_run_before_it_closes__even_when_the_queue_overflows() {
        // given a writer with a queue of 16, handed 500 runs at once
        RunWriter writer = new RunWriter(runs, rollups, transactions, true, 16);
        List<String> ids = new ArrayList<>();

        // when
        for (int i = 0; i < 500; i++) {
            RunRecord r = run("demo", i);
            ids.add(r.id);
            writer.write(r);
        }
        writer.close();

        // then
        assertThat(runs.findAllById(ids)).hasSize(500);
    }

    @Test
    void should_answer_a_run_read_at_once_after_its_question() {
        // when
        String runId = ask("demo", "What is the Hepatitis C virus?").body().get("runId").asText();

        // then: no 404 while the run waits in the queue
        assertThat(get("/api/v1/tenants/demo/runs/" + runId).status()).isEqualTo(200);
        assertThat(log.list("demo", new RunFilter(null, null, null, null, null), 0, 50).items())
                .anySatisfy(r -> assertThat(r.id()).isEqualTo(runId));
    }
}

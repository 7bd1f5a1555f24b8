package io.corrigo.server.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.HostTestBase;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Ingestion jobs claimed by one host at a time, in the real database: of many hosts claiming at once exactly one wins,
 * a live holder keeps its job, a dead holder's job (lease expired) is taken over and finished, and a host that lost its
 * claim can no longer renew it (its next progress write stops it).
 */
class JobClaimsTest extends HostTestBase {

    @Autowired
    IngestionJobRepository jobs;
    @Autowired
    IngestionService ingestion;
    @Autowired
    JobScheduler scheduler;
    @Autowired
    JdbcTemplate jdbc;

    private String tenant(String id) {
        postJson("/api/v1/tenants", Map.of("id", id, "name", id));
        return id;
    }

    private String job(String tenant) {
        String id = "j-claim-" + System.nanoTime();
        jobs.save(new IngestionJob(id, tenant, IngestionJob.Kind.UPLOAD, 0, Instant.now()));
        return id;
    }

    @Test
    void should_let_exactly_one_of_many_hosts_claim_a_job_at_once() throws Exception {
        String job = job(tenant("claims"));
        int hosts = 8;
        ExecutorService pool = Executors.newFixedThreadPool(hosts);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> claims = new ArrayList<>();
        for (int i = 0; i < hosts; i++) {
            String host = "host-" + i;
            claims.add(pool.submit(() -> {
                start.await();
                Instant now = Instant.now();
                return jobs.claim(job, host, now, now.minus(JobScheduler.LEASE), JobScheduler.OPEN);
            }));
        }
        start.countDown();
        int won = 0;
        for (Future<Integer> claim : claims) {
            won += claim.get();
        }
        pool.shutdown();

        assertThat(won).isEqualTo(1);
    }

    @Test
    void should_keep_a_live_holders_job_and_hand_a_dead_holders_job_over() {
        String job = job(tenant("leases"));
        Instant now = Instant.now();
        assertThat(jobs.claim(job, "host-a", now, now.minus(JobScheduler.LEASE), JobScheduler.OPEN)).isEqualTo(1);

        assertThat(jobs.claim(job, "host-b", now, now.minus(JobScheduler.LEASE), JobScheduler.OPEN)).as("a live holder").isZero();
        assertThat(jobs.claim(job, "host-a", now, now.minus(JobScheduler.LEASE), JobScheduler.OPEN)).as("the holder again").isEqualTo(1);

        Instant later = now.plus(JobScheduler.LEASE).plusSeconds(1);
        assertThat(jobs.claim(job, "host-b", later, later.minus(JobScheduler.LEASE), JobScheduler.OPEN)).as("lease expired").isEqualTo(1);
        assertThat(jobs.heartbeat(job, "host-a", later)).as("the old holder's renewal").isZero();
    }

    @Test
    void should_take_over_and_finish_the_job_of_a_host_that_died__but_not_one_a_live_host_holds() {
        // given: a job whose documents are stored, left RUNNING by a host that has not renewed its lease for a minute
        String t = tenant("takeover");
        Reply first = uploadAndWait("/api/v1/tenants/" + t + "/documents", "lakes.txt",
                "Lake Bled has an island with a church. Boats take visitors there.".getBytes(StandardCharsets.UTF_8));
        String jobId = first.body().get("id").asText();
        jdbc.update("update ingestion_job set state = 'RUNNING', claimed_by = 'host-that-died', heartbeat_at = ? where id = ?",
                Timestamp.from(Instant.now().minusSeconds(60)), jobId);
        jdbc.update("update document set status = 'QUEUED' where job_id = ?", jobId);

        // when
        scheduler.sweep();
        JobView done = ingestion.await(t, jobId, Duration.ofMinutes(2));

        // then
        assertThat(done.state()).isEqualTo("DONE");
        assertThat(jobs.findById(jobId).orElseThrow().claimedBy).isEqualTo(scheduler.hostId());

        // and a job a live host holds is left alone
        jdbc.update("update ingestion_job set state = 'RUNNING', claimed_by = 'host-alive', heartbeat_at = ? where id = ?",
                Timestamp.from(Instant.now()), jobId);
        scheduler.sweep();
        assertThat(ingestion.await(t, jobId, Duration.ofSeconds(2)).state()).isEqualTo("RUNNING");
        assertThat(jobs.findById(jobId).orElseThrow().claimedBy).isEqualTo("host-alive");
        jdbc.update("update ingestion_job set state = 'DONE' where id = ?", jobId);
    }
}

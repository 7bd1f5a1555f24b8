package io.corrigo.server.knowledge;

import io.corrigo.server.DaemonThreads;
import io.corrigo.server.HostId;
import jakarta.annotation.PreDestroy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Decides which host runs which ingestion job, and when; {@link DocumentIndexer} does the work.
 *
 * <p>A few workers per host ({@code corrigo.ingestion.workers}, 2) take jobs tenant by tenant ({@link FairJobQueue}:
 * one job per tenant at a time, tenants in turn), so one tenant's long job does not hold another's upload.
 *
 * <p>Several hosts may share the database: a job is run by the host that claims it ({@link IngestionJobRepository#claim},
 * atomic in the database), which renews its lease while it works; every host sweeps for open jobs every {@link #SWEEP}
 * and takes over one whose lease ran out ({@link #LEASE}), e.g. after its host died. Every write of a job's progress
 * first renews the lease, which fails for a host that lost its claim: that host stops, so no job is ingested twice at
 * once. The uploaded originals live in the data directory, which hosts that share jobs must share too.
 */
@Component
public class JobScheduler {

    private static final Logger log = LoggerFactory.getLogger(JobScheduler.class);

    /** A claim on a job lapses when its host has not renewed it for this long; another host may then take the job. */
    static final Duration LEASE = Duration.ofSeconds(30);
    /** How often a host looks for open jobs nobody holds (and renews the lease on the one it works on). */
    static final Duration SWEEP = Duration.ofSeconds(10);
    static final List<IngestionJob.State> OPEN = List.of(IngestionJob.State.QUEUED, IngestionJob.State.RUNNING);

    /** This host no longer holds the job it was working on: another host took it over. */
    static final class LostClaimException extends RuntimeException {
        LostClaimException(String jobId) {
            super("job " + jobId + " is held by another host now");
        }
    }

    private final IngestionJobRepository jobs;
    private final DocumentIndexer indexer;
    private final Clock clock;
    private final String hostId;
    /** Jobs waiting on this host, handed to the workers tenant by tenant. */
    private final FairJobQueue waiting = new FairJobQueue();
    private final Set<String> queued = ConcurrentHashMap.newKeySet();
    /** The jobs this host is working on (their leases are renewed by the sweep). */
    private final Set<String> working = ConcurrentHashMap.newKeySet();
    private final ExecutorService workers;
    private final ScheduledExecutorService leases = Executors.newSingleThreadScheduledExecutor(
            DaemonThreads.named("corrigo-ingestion-lease"));

    JobScheduler(IngestionJobRepository jobs, DocumentIndexer indexer, Clock clock,
                 @Value("${corrigo.host-id:}") String hostId, @Value("${corrigo.ingestion.workers:2}") int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("corrigo.ingestion.workers must be at least 1");
        }
        this.jobs = jobs;
        this.indexer = indexer;
        this.clock = clock;
        this.hostId = HostId.resolve(hostId);
        this.workers = Executors.newFixedThreadPool(workers, DaemonThreads.named("corrigo-ingestion"));
    }

    /** This host's name in job claims ({@code corrigo.host-id}; by default the machine's host name). */
    public String hostId() {
        return hostId;
    }

    /**
     * From start-up on, every {@link #SWEEP}: queues the open jobs this host may work on (unclaimed, its own from
     * before a restart, or another host's whose lease ran out) and renews the lease on the job it is working on.
     */
    @EventListener(ApplicationReadyEvent.class)
    public void startSweeping() {
        leases.scheduleWithFixedDelay(this::sweep, 0, SWEEP.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Queues every open job this host may claim now. */
    public void sweep() {
        try {
            for (String job : working) {
                if (jobs.heartbeat(job, hostId, clock.instant()) == 0) {
                    log.warn("Ingestion job {}: this host's claim was taken over", job);
                }
            }
            Instant staleBefore = clock.instant().minus(LEASE);
            for (IngestionJob job : jobs.findByStateInOrderByCreatedAt(OPEN)) {
                boolean claimable = job.claimedBy == null || hostId.equals(job.claimedBy) || job.heartbeatAt == null
                        || job.heartbeatAt.isBefore(staleBefore);
                if (claimable && !queued.contains(job.id)) {
                    log.info("Ingestion job {} of tenant {} queued on host {} ({} of {} documents done{})", job.id,
                            job.tenantId, hostId, job.documentsDone, job.documentsTotal,
                            job.claimedBy == null || hostId.equals(job.claimedBy) ? "" : ", taken over from " + job.claimedBy);
                    schedule(job.tenantId, job.id);
                }
            }
        } catch (RuntimeException e) {
            log.warn("Looking for ingestion jobs failed: {}", e.toString());
        }
    }

    /** Queues a job on this host: a worker takes it when it is its tenant's turn. */
    void schedule(String tenantId, String jobId) {
        if (queued.add(jobId)) {
            waiting.offer(tenantId, jobId);
            workers.submit(this::runNext);
        }
    }

    /**
     * Runs the next job in turn, if any may run now. Every queued job submits one of these; one that finds only jobs
     * of tenants already running leaves them to the next, which each finished job submits.
     */
    private void runNext() {
        FairJobQueue.Next next = waiting.poll().orElse(null);
        if (next == null) {
            return;
        }
        try {
            run(next.jobId());
        } catch (RuntimeException e) {
            log.error("Ingestion job {} could not run on host {}: {}", next.jobId(), hostId, e.toString(), e);
        } finally {
            queued.remove(next.jobId());
            waiting.done(next.tenantId());
            if (!waiting.isEmpty()) {
                workers.submit(this::runNext);
            }
        }
    }

    /**
     * Claims a job and has it indexed to its end. Returns at once when another host holds the job, and stops when
     * another host takes it over (its lease ran out) without writing further.
     */
    private void run(String jobId) {
        Instant now = clock.instant();
        if (jobs.claim(jobId, hostId, now, now.minus(LEASE), OPEN) == 0) {
            return; // finished, or another host is on it
        }
        IngestionJob job = jobs.findById(jobId).orElse(null);
        if (job == null) {
            return;
        }
        working.add(jobId);
        try {
            job.state = indexer.run(job, this::save);
        } catch (LostClaimException e) {
            log.warn("Ingestion job {}: another host took it over; this host stops working on it", jobId);
            return;
        } catch (RuntimeException e) {
            log.error("Ingestion job {} failed: {}", jobId, e.toString(), e);
            job.state = IngestionJob.State.FAILED;
        } finally {
            working.remove(jobId);
        }
        job.updatedAt = clock.instant();
        try {
            save(job);
        } catch (LostClaimException e) {
            log.warn("Ingestion job {}: another host took it over before it was recorded as {}", jobId, job.state);
            return;
        }
        log.info("Ingestion job {} of tenant {} {}: {} document(s) indexed, {} failed, {} chunks", jobId, job.tenantId,
                job.state, job.documentsDone, job.documentsFailed, job.chunksDone);
    }

    /**
     * Saves the job's progress if this host still holds it, renewing its lease. A takeover needs {@link #LEASE} without
     * a renewal, so the moment between the check and the write cannot let another host in.
     *
     * @throws LostClaimException when another host took the job over
     */
    private void save(IngestionJob job) {
        Instant now = clock.instant();
        if (jobs.heartbeat(job.id, hostId, now) == 0) {
            throw new LostClaimException(job.id);
        }
        job.claimedBy = hostId;
        job.heartbeatAt = now;
        jobs.save(job);
    }

    @PreDestroy
    void stop() {
        workers.shutdownNow();
        leases.shutdownNow();
    }
}

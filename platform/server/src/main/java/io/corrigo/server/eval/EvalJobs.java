package io.corrigo.server.eval;

import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.DaemonThreads;
import io.corrigo.server.run.RunFilter;
import io.corrigo.server.run.RunLog;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.problem.ServiceException;
import jakarta.annotation.PreDestroy;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Evaluations (and threshold calibrations) started from the admin UI: run one at a time in the background (an evaluation is CPU-bound and would
 * slow the tenant's live queries), with progress, and the last {@link #KEPT} reports of each tenant kept in memory
 * for viewing and comparing. Reports are not persisted: download the HTML to keep one.
 */
@Service
public class EvalJobs {

    /** Reports kept per tenant. */
    public static final int KEPT = 10;

    private static final Logger log = LoggerFactory.getLogger(EvalJobs.class);

    /** One evaluation: its progress while it runs, its report (and HTML) once done, or why it failed. */
    public static final class Job {
        private final String id;
        private final String tenant;
        private final String name;
        private final Instant startedAt;
        private volatile int done;
        private volatile int total;
        private volatile String state = "RUNNING";
        private volatile String error;
        private volatile EvalReport report;
        private volatile String html;
        private volatile List<Calibration.Point> calibration;

        private volatile String host;

        Job(String id, String tenant, String name, Instant startedAt) {
            this.id = id;
            this.tenant = tenant;
            this.name = name;
            this.startedAt = startedAt;
        }

        /** A finished (or abandoned) evaluation read back from the database. */
        static Job restored(String id, String tenant, String name, Instant startedAt, String state, String error,
                            EvalReport report, String html, List<Calibration.Point> calibration, String host) {
            Job job = new Job(id, tenant, name, startedAt);
            job.state = state;
            job.error = error;
            job.report = report;
            job.html = html;
            job.calibration = calibration;
            job.host = host;
            job.total = 1;
            job.done = "DONE".equals(state) ? 1 : 0;
            return job;
        }

        /** The host that ran it. */
        public String host() {
            return host;
        }

        public String id() {
            return id;
        }

        public String tenant() {
            return tenant;
        }

        /** The question set's file name. */
        public String name() {
            return name;
        }

        public Instant startedAt() {
            return startedAt;
        }

        /** RUNNING, DONE or FAILED. */
        public String state() {
            return state;
        }

        /** Share of runs done, 0–1. */
        public double progress() {
            return total == 0 ? 0 : (double) done / total;
        }

        public String error() {
            return error;
        }

        /** The report once DONE, else {@code null}. */
        public EvalReport report() {
            return report;
        }

        /** The HTML report once DONE, else {@code null}. */
        public String html() {
            return html;
        }

        /** The best calibration points, best first, when calibration was asked for and is done; else {@code null}. */
        public List<Calibration.Point> calibration() {
            return calibration;
        }
    }

    private final EvalService eval;
    private final Calibration calibration;
    private final int minLabelled;
    private final TenantService tenants;
    private final RunLog runLog;
    private final Clock clock;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(DaemonThreads.named("corrigo-eval"));
    private final Map<String, Deque<Job>> byTenant = new ConcurrentHashMap<>();

    private final EvalStore store;
    private final io.corrigo.server.pipeline.PipelineService pipelines;
    private final String hostId;
    private final AuditLog audit;

    EvalJobs(EvalService eval, Calibration calibration, TenantService tenants, RunLog runLog, Clock clock,
             @org.springframework.beans.factory.annotation.Value("${corrigo.calibration.min-labelled:30}") int minLabelled,
             EvalStore store, io.corrigo.server.pipeline.PipelineService pipelines,
             @org.springframework.beans.factory.annotation.Value("${corrigo.host-id:}") String hostId, AuditLog audit) {
        this.audit = audit;
        this.store = store;
        this.pipelines = pipelines;
        this.hostId = io.corrigo.server.HostId.resolve(hostId);
        this.minLabelled = Math.max(1, minLabelled);
        this.eval = eval;
        this.runLog = runLog;
        this.calibration = calibration;
        this.tenants = tenants;
        this.clock = clock;
    }

    /**
     * Queues an evaluation of {@code questions} (JSONL, as the eval command reads) on the tenant's active pipeline.
     * @throws ServiceException 400 when the question set cannot be read, 404 unknown tenant
     */
    public Job submit(String tenantId, String fileName, String jsonl, boolean naive) {
        return submit(tenantId, fileName, jsonl, naive, false);
    }

    /**
     * Queues an evaluation and, with {@code calibrate}, a threshold calibration on the same questions afterwards.
     * @throws ServiceException 400 when the question set cannot be read, 404 unknown tenant
     */
    public Job submit(String tenantId, String fileName, String jsonl, boolean naive, boolean calibrate) {
        return submit(tenantId, fileName, jsonl, naive, calibrate, null);
    }

    /** As {@link #submit(String, String, String, boolean, boolean)}, running {@code compareVersion} beside the active one. */
    public Job submit(String tenantId, String fileName, String jsonl, boolean naive, boolean calibrate,
                      Integer compareVersion) {
        return submit(tenantId, fileName, jsonl, naive, calibrate, compareVersion, null);
    }

    /** As {@link #submit(String, String, String, boolean, boolean, Integer)}; {@code whenDone} is told when it ends. */
    Job submit(String tenantId, String fileName, String jsonl, boolean naive, boolean calibrate, Integer compareVersion,
               java.util.function.Consumer<Job> whenDone) {
        tenants.require(tenantId);
        List<EvalQuestion> questions;
        try {
            questions = EvalQuestions.parse(fileName, jsonl.lines().toList(), 0);
        } catch (EvalQuestions.UnknownKeys e) {
            throw ServiceException.invalid(ErrorCode.INVALID_QUESTIONS, e.getMessage(), e.details());
        } catch (IllegalArgumentException e) {
            throw ServiceException.invalid(ErrorCode.INVALID_QUESTIONS, e.getMessage());
        }
        eval.admit(tenantId); // a tenant whose REFUSE budget is spent starts no evaluation
        if (calibrate && questions.size() < minLabelled) {
            throw ServiceException.invalid(ErrorCode.TOO_FEW_LABELS, tooFew(questions.size(), "labelled questions")
                    + " Run the evaluation without calibration, or add questions.");
        }
        Job job = new Job(UUID.randomUUID().toString(), tenantId, fileName, clock.instant());
        job.host = hostId;
        job.total = questions.size() * ((naive ? 2 : 1) + (calibrate ? 1 : 0) + (compareVersion != null ? 1 : 0));
        store.started(job, jsonl, pipelines.activeVersion(tenantId), hostId);
        remember(tenantId, job);
        audit.record("eval.run", tenantId, job.id(), null, java.util.Map.of("set", fileName, "questions", questions.size(),
                "naive", naive, "calibrate", calibrate));
        worker.execute(() -> {
            try {
                int calibrationRuns = calibrate ? questions.size() : 0;
                List<EvalRun> runs = eval.run(tenantId, questions, naive, compareVersion, (done, total) -> {
                    job.total = total + calibrationRuns;
                    job.done = done;
                });
                EvalReport report = eval.report(tenantId, runs);
                job.html = HtmlReport.render(report);
                job.report = report;
                if (calibrate) {
                    int before = job.done;
                    List<Calibration.Point> points = calibration.calibrate(tenantId, questions,
                            (done, total) -> job.done = before + done);
                    job.calibration = List.copyOf(points.subList(0, Math.min(10, points.size())));
                }
                job.state = "DONE";
            } catch (RuntimeException e) {
                log.warn("Evaluation {} of tenant {} failed", job.id, tenantId, e);
                job.error = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                job.state = "FAILED";
            }
            persist(job);
            if (whenDone != null) {
                try {
                    whenDone.accept(job);
                } catch (RuntimeException e) {
                    log.warn("After evaluation {} of tenant {}: {}", job.id, tenantId, e.toString());
                }
            }
        });
        return job;
    }

    private void persist(Job job) {
        try {
            store.finished(job, clock.instant());
        } catch (RuntimeException e) {
            log.error("Evaluation {} of tenant {} could not be stored: {}", job.id, job.tenant, e.toString());
        }
    }

    /** Evaluations this host was running when it last stopped end as FAILED, saying so. */
    @org.springframework.context.event.EventListener(org.springframework.boot.context.event.ApplicationReadyEvent.class)
    void abandonInterrupted() {
        int abandoned = store.abandon(hostId, clock.instant());
        if (abandoned > 0) {
            log.info("{} evaluation(s) interrupted by this host's restart marked FAILED", abandoned);
        }
    }

    private String tooFew(int found, String what) {
        return "Calibration needs at least " + minLabelled + " " + what + " (corrigo.calibration.min-labelled); "
                + found + " " + (found == 1 ? "is" : "are") + " too few to choose thresholds from: a route accuracy "
                + "measured on them could be off by " + Math.round(50 * (Calibration.wilson(0.5, Math.max(1, found))[1]
                - Calibration.wilson(0.5, Math.max(1, found))[0])) + " points either way.";
    }

    /** How many of the tenant's logged runs users rated (helpful or not): what calibration on ratings has to go on. */
    public long ratedRuns(String tenantId) {
        return runLog.list(tenantId, new RunFilter(null, null, null, null, "any"), 0, 1).total();
    }

    /** The fewest labelled questions or rated runs calibration proposes thresholds from. */
    public int minLabelled() {
        return minLabelled;
    }

    /**
     * Queues a threshold calibration on the tenant's rated runs (those users marked helpful or not helpful in the
     * run log), replayed from their traces as {@link FeedbackRuns} describes. The job has calibration points and no
     * report; it fails with the reason when no run is rated.
     * @throws ServiceException 404 unknown tenant
     */
    public Job submitFeedbackCalibration(String tenantId) {
        tenants.require(tenantId);
        Job job = new Job(UUID.randomUUID().toString(), tenantId, "rated runs", clock.instant());
        job.total = 1;
        remember(tenantId, job);
        worker.execute(() -> {
            try {
                ByteArrayOutputStream export = new ByteArrayOutputStream();
                runLog.export(tenantId, new RunFilter(null, null, null, null, "any"), export);
                FeedbackRuns.Read read = FeedbackRuns.parse("the run log",
                        export.toString(StandardCharsets.UTF_8).lines().toList());
                int rated = read.recording().questions().size();
                if (rated < minLabelled) {
                    throw new IllegalStateException(tooFew(rated, "rated runs")
                            + " Ask users to rate answers (thumbs up or down) in the widget or the run log.");
                }
                List<Calibration.Point> points = Calibration.sweep(read.recording());
                job.calibration = List.copyOf(points.subList(0, Math.min(10, points.size())));
                job.done = 1;
                job.state = "DONE";
            } catch (IOException | RuntimeException e) {
                log.info("Calibration on rated runs of tenant {} failed: {}", tenantId, e.getMessage());
                job.error = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                job.state = "FAILED";
            }
        });
        return job;
    }

    private void remember(String tenantId, Job job) {
        Deque<Job> jobs = byTenant.computeIfAbsent(tenantId, k -> new ArrayDeque<>());
        synchronized (jobs) {
            jobs.addFirst(job);
            while (jobs.size() > KEPT) {
                jobs.removeLast();
            }
        }
    }

    /**
     * The tenant's evaluations, newest first: those running on this host (with their progress), then the stored ones,
     * the latest {@code KEPT}; calibrations on rated runs of this host, which are not stored, with them.
     */
    public List<Job> list(String tenantId) {
        tenants.require(tenantId);
        Map<String, Job> all = new java.util.LinkedHashMap<>();
        Deque<Job> jobs = byTenant.get(tenantId);
        if (jobs != null) {
            synchronized (jobs) {
                jobs.forEach(j -> all.put(j.id, j));
            }
        }
        for (Job stored : store.list(tenantId, KEPT)) {
            all.putIfAbsent(stored.id, stored);
        }
        return all.values().stream().sorted(java.util.Comparator.comparing(Job::startedAt).reversed()).limit(KEPT).toList();
    }

    /** One evaluation of the tenant. @throws ServiceException 404 */
    public Job get(String tenantId, String id) {
        tenants.require(tenantId);
        Deque<Job> jobs = byTenant.get(tenantId);
        if (jobs != null) {
            synchronized (jobs) {
                for (Job j : jobs) {
                    if (j.id.equals(id)) {
                        return j;
                    }
                }
            }
        }
        return store.find(tenantId, id).orElseThrow(() -> ServiceException.notFound(ErrorCode.EVALUATION_NOT_FOUND,
                "Tenant '" + tenantId + "' has no evaluation '" + id + "'."));
    }

    @PreDestroy
    void stop() {
        worker.shutdownNow();
    }
}

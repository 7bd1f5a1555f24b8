package io.corrigo.server.eval;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/tenants/{t}/evaluations}: start an evaluation (a question set as JSON Lines, or a stored set by name)
 * and read it back, for CI as for the admin UI; {@code …/runs/{id}/eval-case}: keep a run as an evaluation case.
 */
@RestController
class EvalController {

    private final EvalJobs jobs;
    private final EvalCases cases;
    private final EvalSchedules schedules;

    private final GoldenSets golden;

    EvalController(EvalJobs jobs, EvalCases cases, EvalSchedules schedules, GoldenSets golden) {
        this.golden = golden;
        this.jobs = jobs;
        this.cases = cases;
        this.schedules = schedules;
    }

    /**
     * A scheduled re-evaluation.
     *
     * @param set       a stored set of cases
     * @param cron      six fields: second minute hour day month weekday
     * @param tolerance the fall in route accuracy or faithfulness that raises an alert (default 0.05)
     */
    record ScheduleRequest(String set, String cron, Double tolerance, Boolean enabled) {
    }

    /** A golden set's margin: the share of its questions a version may fall by before publishing it is held. */
    record GoldenRequest(Double margin) {
    }

    @GetMapping("/api/v1/tenants/{tenant}/golden-sets")
    java.util.List<GoldenSets.Golden> golden(@PathVariable String tenant) {
        return golden.list(tenant);
    }

    @org.springframework.web.bind.annotation.PutMapping("/api/v1/tenants/{tenant}/golden-sets/{set}")
    GoldenSets.Golden markGolden(@PathVariable String tenant, @PathVariable String set,
                                 @RequestBody(required = false) GoldenRequest request) {
        return golden.mark(tenant, set, request == null ? null : request.margin());
    }

    @org.springframework.web.bind.annotation.DeleteMapping("/api/v1/tenants/{tenant}/golden-sets/{set}")
    ResponseEntity<Void> unmarkGolden(@PathVariable String tenant, @PathVariable String set) {
        golden.unmark(tenant, set);
        return ResponseEntity.noContent().build();
    }

    /**
     * The gate on publishing {@code version}, without publishing: for CI, the verdict when it is known; with
     * {@code background=true} a check started in the background (202), to poll at {@code …/gate-checks/{id}}.
     */
    @PostMapping("/api/v1/tenants/{tenant}/pipeline/versions/{version}/gate")
    ResponseEntity<?> gate(@PathVariable String tenant, @PathVariable int version,
                           @org.springframework.web.bind.annotation.RequestParam(defaultValue = "false") boolean background) {
        return background ? ResponseEntity.accepted().body(golden.start(tenant, version))
                : ResponseEntity.ok(golden.check(tenant, version));
    }

    /** A gate check started in the background: its progress, and its verdict once done. */
    @GetMapping("/api/v1/tenants/{tenant}/gate-checks/{id}")
    GoldenSets.GateJob gateCheck(@PathVariable String tenant, @PathVariable String id) {
        return golden.job(tenant, id);
    }

    @GetMapping("/api/v1/tenants/{tenant}/evaluation-schedule")
    ResponseEntity<EvalSchedules.Schedule> schedule(@PathVariable String tenant) {
        return schedules.get(tenant).map(ResponseEntity::ok).orElseThrow(() -> io.corrigo.server.problem.ServiceException
                .notFound(io.corrigo.server.problem.ErrorCode.SCHEDULE_NOT_FOUND, "Tenant '" + tenant + "' has no evaluation schedule."));
    }

    @org.springframework.web.bind.annotation.PutMapping("/api/v1/tenants/{tenant}/evaluation-schedule")
    EvalSchedules.Schedule saveSchedule(@PathVariable String tenant, @RequestBody ScheduleRequest request) {
        return schedules.save(tenant, request.set(), request.cron(), request.tolerance() == null ? 0.05 : request.tolerance(),
                request.enabled() == null || request.enabled());
    }

    @org.springframework.web.bind.annotation.DeleteMapping("/api/v1/tenants/{tenant}/evaluation-schedule")
    ResponseEntity<Void> deleteSchedule(@PathVariable String tenant) {
        schedules.delete(tenant);
        return ResponseEntity.noContent().build();
    }

    /**
     * An evaluation as the API shows it.
     *
     * @param progress 0–1 while it runs
     * @param report   the report once done (metrics per pipeline, slices, differences); {@code null} in lists
     */
    record EvaluationView(String id, String name, String state, double progress, Instant startedAt, String host,
                          String error, Map<String, EvalReport.Metrics> overall, EvalReport report) {

        static EvaluationView of(EvalJobs.Job job, boolean withReport) {
            Map<String, EvalReport.Metrics> overall = new java.util.LinkedHashMap<>();
            if (job.report() != null) {
                job.report().pipelines().forEach(p -> overall.put(p.name(), p.overall()));
            }
            return new EvaluationView(job.id(), job.name(), job.state(), job.progress(), job.startedAt(), job.host(),
                    job.error(), overall, withReport ? job.report() : null);
        }
    }

    /**
     * Starts an evaluation of the JSON Lines in the body, or (no body) of the stored set {@code set}; with the naive
     * baseline unless {@code naive=false}; {@code compare} runs another pipeline version beside the active one.
     */
    @PostMapping(value = "/api/v1/tenants/{tenant}/evaluations",
            consumes = {MediaType.TEXT_PLAIN_VALUE, "application/x-ndjson", "application/jsonl", MediaType.ALL_VALUE})
    ResponseEntity<EvaluationView> start(@PathVariable String tenant, @RequestBody(required = false) String body,
                                         @RequestParam(required = false) String set,
                                         @RequestParam(defaultValue = "true") boolean naive,
                                         @RequestParam(required = false) Integer compare,
                                         @RequestParam(required = false) String name) {
        String questions = set != null ? cases.jsonl(tenant, set) : body == null ? "" : body;
        String label = name != null && !name.isBlank() ? name : set != null ? "set " + set : "api";
        EvalJobs.Job job = jobs.submit(tenant, label, questions, naive, false, compare);
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(EvaluationView.of(job, false));
    }

    @GetMapping("/api/v1/tenants/{tenant}/evaluations")
    List<EvaluationView> list(@PathVariable String tenant) {
        return jobs.list(tenant).stream().map(j -> EvaluationView.of(j, false)).toList();
    }

    @GetMapping("/api/v1/tenants/{tenant}/evaluations/{id}")
    EvaluationView get(@PathVariable String tenant, @PathVariable String id) {
        return EvaluationView.of(jobs.get(tenant, id), true);
    }

    @GetMapping(value = "/api/v1/tenants/{tenant}/evaluations/{id}/report.html", produces = MediaType.TEXT_HTML_VALUE)
    ResponseEntity<String> html(@PathVariable String tenant, @PathVariable String id) {
        EvalJobs.Job job = jobs.get(tenant, id);
        return job.html() == null ? ResponseEntity.notFound().build() : ResponseEntity.ok(job.html());
    }

    /**
     * What to keep of a run as an evaluation case.
     *
     * @param set    the set's name
     * @param route  the route expected: kb, web or none
     * @param answer the answer expected (optional)
     */
    record CaseRequest(String set, String route, String answer) {
    }

    @PostMapping("/api/v1/tenants/{tenant}/runs/{run}/eval-case")
    ResponseEntity<EvalCases.EvalCase> addCase(@PathVariable String tenant, @PathVariable String run,
                                               @RequestBody CaseRequest request) {
        return ResponseEntity.status(HttpStatus.CREATED).body(cases.add(tenant, run, request.set(), request.route(),
                request.answer()));
    }

    @GetMapping("/api/v1/tenants/{tenant}/eval-sets")
    Map<String, Integer> sets(@PathVariable String tenant) {
        return cases.sets(tenant);
    }

    @GetMapping(value = "/api/v1/tenants/{tenant}/eval-sets/{set}", produces = "application/x-ndjson")
    String set(@PathVariable String tenant, @PathVariable String set) {
        return cases.jsonl(tenant, set);
    }
}

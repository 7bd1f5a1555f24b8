package io.corrigo.server.eval;

import io.corrigo.server.Sql;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.pipeline.PipelineService;
import io.corrigo.server.pipeline.PublishGate;
import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.tenant.TenantService;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.context.annotation.Lazy;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

/**
 * A tenant's golden evaluation sets and the gate they make on publish: the version to publish and the active one
 * answer every golden question side by side (in this process, as an evaluation with {@code compare} does); a version
 * that answers fewer of them right, or serves more of them wrong, than the active one by more than the margin (a
 * share of the questions; the strictest of the sets) is held, with the questions it makes worse. The same check is an
 * API call for CI ({@code POST …/pipeline/versions/{v}/gate}).
 */
@Service
public class GoldenSets implements PublishGate {

    /**
     * A golden set.
     *
     * @param set    the evaluation set's name
     * @param margin how far (a share of its questions) a version may fall before it is held
     */
    public record Golden(String set, double margin) {
    }

    /**
     * A gate check running in the background, with its progress: the publish dialog and CI poll it.
     *
     * @param id      its id
     * @param version the version checked
     * @param state   {@code RUNNING}, {@code DONE} or {@code FAILED}
     * @param done    runs finished (two per golden question: the version and the active one)
     * @param total   runs in all (0 until the questions are read)
     * @param verdict the verdict once done, else {@code null}
     * @param error   why it failed, or {@code null}
     */
    public record GateJob(String id, int version, String state, int done, int total, Verdict verdict, String error) {
    }

    /** The gate checks of the last while, by tenant and id (at most {@value #KEPT_JOBS}, oldest forgotten first). */
    private final Map<String, GateJob> jobs = java.util.Collections.synchronizedMap(new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, GateJob> eldest) {
            return size() > KEPT_JOBS;
        }
    });
    private static final int KEPT_JOBS = 200;
    /** Verdicts by what they depend on (the versions, the golden sets and their cases): a publish right after a check reuses it. */
    private final io.corrigo.server.Recently<String, Verdict> verdicts =
            new io.corrigo.server.Recently<>(java.time.Duration.ofMinutes(30), 1_000);
    private final java.util.concurrent.ExecutorService background = java.util.concurrent.Executors.newFixedThreadPool(2,
            io.corrigo.server.DaemonThreads.named("corrigo-golden-gate-"));

    private final JdbcTemplate jdbc;
    private final TenantService tenants;
    private final EvalCases cases;
    private final EvalService eval;
    private final PipelineService pipelines;
    private final AuditLog audit;
    private final Clock clock;

    GoldenSets(JdbcTemplate jdbc, TenantService tenants, EvalCases cases, @Lazy EvalService eval,
               @Lazy PipelineService pipelines, AuditLog audit, Clock clock) {
        this.jdbc = jdbc;
        this.tenants = tenants;
        this.cases = cases;
        this.eval = eval;
        this.pipelines = pipelines;
        this.audit = audit;
        this.clock = clock;
    }

    /** The tenant's golden sets. */
    public List<Golden> list(String tenantId) {
        tenants.require(tenantId);
        return jdbc.query("SELECT set_name, margin FROM golden_set WHERE tenant_id = ? ORDER BY set_name",
                (rs, n) -> new Golden(rs.getString(1), rs.getDouble(2)), tenantId);
    }

    /**
     * Marks evaluation set {@code set} golden (again, with another margin).
     *
     * @param margin the share of its questions a version may fall by (default 0: no worse at all)
     * @throws ServiceException 404 unknown set, 400 margin outside [0, 1)
     */
    public Golden mark(String tenantId, String set, Double margin) {
        if (!cases.sets(tenantId).containsKey(set)) {
            throw ServiceException.notFound(ErrorCode.SET_NOT_FOUND, "Tenant '" + tenantId + "' has no evaluation set '"
                    + set + "': add cases to it from runs first.");
        }
        double m = margin == null ? 0 : margin;
        if (!(m >= 0 && m < 1)) {
            throw ServiceException.invalid(ErrorCode.INVALID_GOLDEN, "The margin is a share of the set's questions in [0, 1),"
                    + " e.g. 0.05; was " + margin + ".");
        }
        jdbc.update("DELETE FROM golden_set WHERE tenant_id = ? AND set_name = ?", tenantId, set);
        jdbc.update("INSERT INTO golden_set (tenant_id, set_name, margin, created_at) VALUES (?, ?, ?, ?)", tenantId, set,
                m, Sql.utc(clock.instant()));
        Golden golden = new Golden(set, m);
        audit.record("eval.golden-mark", tenantId, set, null, golden);
        return golden;
    }

    /** Makes {@code set} an ordinary evaluation set again. @throws ServiceException 404 when it is not golden */
    public void unmark(String tenantId, String set) {
        tenants.require(tenantId);
        if (jdbc.update("DELETE FROM golden_set WHERE tenant_id = ? AND set_name = ?", tenantId, set) == 0) {
            throw ServiceException.notFound(ErrorCode.SET_NOT_FOUND, "Tenant '" + tenantId + "' has no golden set '" + set + "'.");
        }
        audit.record("eval.golden-unmark", tenantId, set, null, null);
    }

    /**
     * Starts the gate check of {@code version} in the background. @throws ServiceException 404 unknown tenant or version
     */
    public GateJob start(String tenantId, int version) {
        pipelines.version(tenantId, version); // 404 before anything starts
        String id = "g-" + java.util.UUID.randomUUID().toString().substring(0, 12);
        jobs.put(tenantId + "/" + id, new GateJob(id, version, "RUNNING", 0, 0, null, null));
        background.submit(() -> {
            try {
                Verdict verdict = check(tenantId, version, (done, total) ->
                        jobs.put(tenantId + "/" + id, new GateJob(id, version, "RUNNING", done, total, null, null)));
                GateJob last = jobs.get(tenantId + "/" + id);
                jobs.put(tenantId + "/" + id, new GateJob(id, version, "DONE", last.total(), last.total(), verdict, null));
            } catch (RuntimeException e) {
                jobs.put(tenantId + "/" + id, new GateJob(id, version, "FAILED", 0, 0, null,
                        e instanceof ServiceException s ? s.getMessage() : "the check failed: " + e.getClass().getSimpleName()));
            }
        });
        return jobs.get(tenantId + "/" + id);
    }

    /** A gate check of the tenant's. @throws ServiceException 404 for an unknown one, or another tenant's */
    public GateJob job(String tenantId, String id) {
        GateJob job = jobs.get(tenantId + "/" + id);
        if (job == null) {
            throw ServiceException.notFound(ErrorCode.EVALUATION_NOT_FOUND, "Tenant '" + tenantId + "' has no gate check '"
                    + id + "'.");
        }
        return job;
    }

    @Override
    public Verdict check(String tenantId, int version) {
        return check(tenantId, version, null);
    }

    private Verdict check(String tenantId, int version, EvalService.Progress progress) {
        List<Golden> golden = list(tenantId);
        int active = pipelines.activeVersion(tenantId);
        if (golden.isEmpty() || version == active) {
            return Verdict.pass(golden.isEmpty() ? "no golden sets" : "the active version");
        }
        StringBuilder key = new StringBuilder(tenantId + "|" + version + "|" + active);
        List<EvalQuestion> questions = new ArrayList<>();
        for (Golden g : golden) {
            List<EvalCases.EvalCase> kept = cases.cases(tenantId, g.set());
            key.append('|').append(g.set()).append(':').append(g.margin()).append(':').append(kept.size()).append(':')
                    .append(kept.isEmpty() ? 0 : kept.get(kept.size() - 1).id());
            questions.addAll(EvalQuestions.parse(g.set(), List.of(cases.jsonl(tenantId, g.set()).split("\n")), 0));
        }
        // a check just made for the same versions and cases (the publish dialog's) is not run again
        return verdicts.get(key.toString(), k -> verdict(tenantId, version, active, golden, questions, progress));
    }

    private Verdict verdict(String tenantId, int version, int active, List<Golden> golden, List<EvalQuestion> questions,
                            EvalService.Progress progress) {
        List<EvalRun> runs = eval.run(tenantId, questions, false, version, progress);
        Map<String, EvalReport.Outcome> before = new LinkedHashMap<>();
        Map<String, EvalReport.Outcome> after = new LinkedHashMap<>();
        for (EvalRun run : runs) {
            (run.pipeline().endsWith("(compared)") ? after : before).put(run.question().id(), EvalService.outcome(run));
        }
        int rightBefore = 0;
        int rightAfter = 0;
        int wrongBefore = 0;
        int wrongAfter = 0;
        List<String> worse = new ArrayList<>();
        for (EvalQuestion q : questions) {
            EvalReport.Outcome b = before.get(q.id());
            EvalReport.Outcome a = after.get(q.id());
            rightBefore += right(b) ? 1 : 0;
            rightAfter += right(a) ? 1 : 0;
            wrongBefore += servedWrong(b) ? 1 : 0;
            wrongAfter += servedWrong(a) ? 1 : 0;
            if ((right(b) && !right(a)) || (servedWrong(a) && !servedWrong(b))) {
                worse.add("\"" + q.question() + "\": " + describe(b) + " → " + describe(a));
            }
        }
        double margin = golden.stream().mapToDouble(Golden::margin).min().orElse(0) * questions.size();
        boolean held = rightAfter < rightBefore - margin - 1e-9 || wrongAfter > wrongBefore + margin + 1e-9;
        String summary = String.format(Locale.ROOT, "on the golden set%s %s (%d question%s), version %d answers %d right "
                        + "and serves %d wrong; the active version %d answers %d right and serves %d wrong (margin %.1f "
                        + "questions).", golden.size() == 1 ? "" : "s",
                String.join(", ", golden.stream().map(Golden::set).toList()), questions.size(),
                questions.size() == 1 ? "" : "s", version, rightAfter,
                wrongAfter, active, rightBefore, wrongBefore, margin);
        return new Verdict(held, summary, worse);
    }

    private static boolean right(EvalReport.Outcome o) {
        return o != null && o.verdict().equals("right");
    }

    private static boolean servedWrong(EvalReport.Outcome o) {
        return o != null && !o.abstained() && o.verdict().equals("wrong");
    }

    private static String describe(EvalReport.Outcome o) {
        return o == null ? "not run" : o.verdict() + " (" + o.why() + ")";
    }
}

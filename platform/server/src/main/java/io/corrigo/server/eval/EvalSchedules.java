package io.corrigo.server.eval;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.audit.AuditedRow;
import io.corrigo.server.health.HealthAlert;
import io.corrigo.server.health.HealthBand;
import io.corrigo.server.health.HealthWatch;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.tenant.TenantView;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import io.corrigo.server.Sql;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;

/**
 * Scheduled re-evaluation: a tenant's stored set of cases, evaluated on a cron, compared with the set's previous
 * scheduled evaluation; when route accuracy or faithfulness falls by more than the tolerance, a health alert
 * ({@code evaluation:<set>}) is raised and sent to the tenant's webhook. Several hosts share the schedule: the one
 * whose update of {@code last_run_at} wins runs it.
 */
@Service
public class EvalSchedules {

    private static final Logger log = LoggerFactory.getLogger(EvalSchedules.class);
    static final String PREFIX = "scheduled: ";

    /**
     * A tenant's schedule.
     *
     * @param set       the stored set evaluated
     * @param cron      six fields: second minute hour day month weekday (server time zone)
     * @param tolerance the fall in route accuracy or faithfulness (0–1) that raises an alert
     * @param nextRunAt when it runs next
     */
    public record Schedule(String set, String cron, double tolerance, boolean enabled, Instant lastRunAt,
                           Instant nextRunAt) {
    }

    private final TenantService tenants;
    private final EvalJobs jobs;
    private final EvalCases cases;
    private final HealthWatch watch;
    private final JdbcTemplate jdbc;
    private final Clock clock;

    private final AuditedRow<Schedule> row;

    EvalSchedules(TenantService tenants, EvalJobs jobs, EvalCases cases, HealthWatch watch, JdbcTemplate jdbc, Clock clock, AuditLog audit) {
        this.row = new AuditedRow<>(jdbc, audit, "eval_schedule", "settings.eval-schedule", "evaluation schedule", this::get);
        this.tenants = tenants;
        this.jobs = jobs;
        this.cases = cases;
        this.watch = watch;
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** The tenant's schedule, if it has one. @throws ServiceException 404 */
    public Optional<Schedule> get(String tenantId) {
        tenants.require(tenantId);
        return jdbc.query("SELECT set_name, cron, tolerance, enabled, last_run_at FROM eval_schedule WHERE tenant_id = ?",
                (rs, n) -> {
                    Instant last = rs.getObject(5, OffsetDateTime.class).toInstant();
                    return new Schedule(rs.getString(1), rs.getString(2), rs.getDouble(3), rs.getBoolean(4), last,
                            io.corrigo.server.Cron.next(rs.getString(2), last));
                }, tenantId).stream().findFirst();
    }

    /**
     * Sets the tenant's schedule. @throws ServiceException 400 for an unknown set, a cron that does not parse, a
     * tolerance outside 0–1; 404
     */
    public Schedule save(String tenantId, String set, String cron, double tolerance, boolean enabled) {
        if (cases.cases(tenantId, set == null ? "" : set).isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_SCHEDULE, "Tenant '" + tenantId + "' has no evaluation set '" + set
                    + "': add cases from runs first.");
        }
        java.util.Optional<String> unparsable = io.corrigo.server.Cron.problem(cron);
        if (unparsable.isPresent()) {
            throw ServiceException.invalid(ErrorCode.INVALID_SCHEDULE, "The cron has six fields (second minute hour day month "
                    + "weekday), e.g. '0 0 3 * * *' for 03:00 daily: " + unparsable.get());
        }
        if (!(tolerance >= 0 && tolerance <= 1)) {
            throw ServiceException.invalid(ErrorCode.INVALID_SCHEDULE, "The tolerance is a fall between 0 and 1 (0.05: five points).");
        }
        OffsetDateTime now = Sql.utc(clock.instant());
        return row.save(tenantId, () -> Sql.updateOrInsert(jdbc, "UPDATE eval_schedule SET set_name = ?, cron = ?, "
                        + "tolerance = ?, enabled = ?, last_run_at = ? WHERE tenant_id = ?",
                new Object[] {set, cron.strip(), tolerance, enabled, now, tenantId},
                "INSERT INTO eval_schedule (tenant_id, set_name, cron, tolerance, enabled, created_at, last_run_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?)",
                new Object[] {tenantId, set, cron.strip(), tolerance, enabled, now, now}));
    }

    public void delete(String tenantId) {
        tenants.require(tenantId);
        row.delete(tenantId, () -> { });
    }

    @Scheduled(fixedDelayString = "${corrigo.evaluations.schedule-check-millis:30000}",
            initialDelayString = "${corrigo.evaluations.schedule-check-millis:30000}")
    void check() {
        try {
            runDue();
        } catch (RuntimeException e) {
            log.warn("Scheduled evaluations could not be checked: {}", e.toString());
        }
    }

    /** Starts every schedule that is due now (claimed by this host); returns the evaluations started. */
    public List<EvalJobs.Job> runDue() {
        List<EvalJobs.Job> started = new ArrayList<>();
        Instant now = clock.instant();
        for (TenantView tenant : tenants.list()) {
            if (!tenant.enabled()) {
                continue;
            }
            Optional<Schedule> schedule = get(tenant.id());
            if (schedule.isEmpty() || !schedule.get().enabled() || schedule.get().nextRunAt() == null
                    || schedule.get().nextRunAt().isAfter(now)) {
                continue;
            }
            Schedule s = schedule.get();
            boolean claimed = jdbc.update("UPDATE eval_schedule SET last_run_at = ? WHERE tenant_id = ? AND last_run_at = ?",
                    Sql.utc(now), tenant.id(), Sql.utc(s.lastRunAt())) == 1;
            if (!claimed) {
                continue; // another host runs it
            }
            String name = PREFIX + s.set();
            log.info("Tenant {}: scheduled evaluation of set '{}'", tenant.id(), s.set());
            started.add(jobs.submit(tenant.id(), name, cases.jsonl(tenant.id(), s.set()), false, false, null,
                    job -> compare(tenant.id(), name, s, job)));
        }
        return started;
    }

    /** The finished evaluation against the previous one of the same schedule: an alert when it fell too far. */
    private void compare(String tenantId, String name, Schedule schedule, EvalJobs.Job job) {
        if (!"DONE".equals(job.state()) || job.report() == null) {
            watch.raise(tenantId, "evaluation:" + schedule.set(), HealthBand.Level.ALERT, null, null,
                    HealthAlert.message(HealthAlert.EVALUATION_FAILED, schedule.set(), job.error()));
            return;
        }
        EvalJobs.Job previous = jobs.list(tenantId).stream()
                .filter(j -> name.equals(j.name()) && !j.id().equals(job.id()) && "DONE".equals(j.state()) && j.report() != null)
                .findFirst().orElse(null);
        if (previous == null) {
            return;
        }
        EvalReport.Metrics before = previous.report().pipelines().get(0).overall();
        EvalReport.Metrics now = job.report().pipelines().get(0).overall();
        double routeFall = before.routeAccuracy() - now.routeAccuracy();
        double faithFall = Double.isNaN(before.faithfulness()) || Double.isNaN(now.faithfulness()) ? 0
                : before.faithfulness() - now.faithfulness();
        if (routeFall > schedule.tolerance() || faithFall > schedule.tolerance()) {
            watch.raise(tenantId, "evaluation:" + schedule.set(), HealthBand.Level.ALERT, now.routeAccuracy(),
                    schedule.tolerance(), HealthAlert.message(HealthAlert.EVALUATION_FELL, schedule.set(),
                            f3(before.routeAccuracy()), f3(now.routeAccuracy()), f3(before.faithfulness()),
                            f3(now.faithfulness()), String.format(Locale.ROOT, "%.2f", schedule.tolerance())));
        }
    }

    private static String f3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}

package io.corrigo.server.cost;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.audit.AuditedRow;
import io.corrigo.server.Recently;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.tenant.TenantService;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import io.corrigo.server.Sql;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

/**
 * A tenant's model spending and its monthly budget: the daily sums the run log keeps ({@code usage_day}), the
 * month-to-date spend (calendar month, UTC) against the budget, and what a question may do now: answer normally, with
 * a warning past {@code warnShare} of the budget; once it is spent, per the tenant's policy, still answer (WARN),
 * answer with the offline plugins only (DEGRADE), or refuse (REFUSE). Decisions are kept for a few seconds per tenant.
 *
 * <p>Under REFUSE the limit holds for concurrent answers too: each answer {@link #reserve reserves} its expected cost
 * before its model is called, with one conditional update of the tenant's ledger ({@code settled + reserved + expected
 * <= monthly_limit}, atomic in the database, so across hosts as well), and {@link #settle settles} its real cost
 * after. An answer that does not fit is refused before any model call.
 */
@Service
public class Budgets {

    /** What happens once the budget is spent. */
    public enum Policy { WARN, DEGRADE, REFUSE }

    /** What a question may do now. */
    public enum Decision { ANSWER, DEGRADE, REFUSE }

    /**
     * A monthly budget.
     *
     * @param monthlyLimit the spend per calendar month (price table currency)
     * @param warnShare    the share of it past which the dashboard warns (0.8: 80 %)
     * @param policy       what happens once it is spent
     */
    public record Budget(double monthlyLimit, double warnShare, Policy policy) {
    }

    /**
     * The month's spend so far.
     *
     * @param state OK, WARN (past the warning share) or SPENT; NONE without a budget
     */
    public record Spend(double monthToDate, long inputTokens, long outputTokens, Budget budget, String state) {
    }

    /** One day's usage. */
    public record DailyUsage(Instant day, long runs, long modelRuns, long inputTokens, long outputTokens, double cost) {
    }

    /**
     * One key's usage over a window.
     *
     * @param keyId the key, or {@code ""} for runs without one (the admin API, the playground)
     */
    public record KeyUsage(String keyId, long runs, long modelRuns, long inputTokens, long outputTokens, double cost) {
    }

    /**
     * Room held in the tenant's ledger for one answer until its cost is known.
     *
     * @param month  the ledger month it was held in ({@code yyyy-MM}); {@code null} when nothing was held (no REFUSE
     *               budget)
     * @param amount the cost held
     */
    public record Reservation(String tenantId, String month, double amount) {

        /** Nothing held: the tenant has no budget that refuses. */
        static Reservation none(String tenantId) {
            return new Reservation(tenantId, null, 0);
        }
    }

    private final TenantService tenants;
    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final Recently<String, Decision> decisions = new Recently<>(Duration.ofSeconds(2), 10_000);
    /** Each tenant's budget as {@link #reserve} reads it on every question, kept as briefly as the decisions. */
    private final Recently<String, Optional<Budget>> budgets = new Recently<>(Duration.ofSeconds(2), 10_000);

    private final AuditedRow<Budget> row;

    Budgets(TenantService tenants, JdbcTemplate jdbc, Clock clock, AuditLog audit) {
        this.row = new AuditedRow<>(jdbc, audit, "tenant_budget", "settings.budget", "budget", this::budget);
        this.tenants = tenants;
        this.jdbc = jdbc;
        this.clock = clock;
    }

    public Optional<Budget> budget(String tenantId) {
        tenants.require(tenantId);
        return jdbc.query("SELECT monthly_limit, warn_share, policy FROM tenant_budget WHERE tenant_id = ?",
                (rs, n) -> new Budget(rs.getDouble(1), rs.getDouble(2), Policy.valueOf(rs.getString(3))), tenantId)
                .stream().findFirst();
    }

    /** Sets the tenant's budget. @throws ServiceException 400 for a negative limit or a share outside 0–1 */
    public Budget save(String tenantId, double monthlyLimit, double warnShare, Policy policy) {
        tenants.require(tenantId);
        if (!(monthlyLimit >= 0) || Double.isInfinite(monthlyLimit)) {
            throw ServiceException.invalid(ErrorCode.INVALID_BUDGET, "The monthly limit is a number of at least 0.");
        }
        if (!(warnShare > 0 && warnShare <= 1)) {
            throw ServiceException.invalid(ErrorCode.INVALID_BUDGET, "The warning share is between 0 and 1 (0.8: warn at 80 %).");
        }
        if (policy == null) {
            throw ServiceException.invalid(ErrorCode.INVALID_BUDGET, "The policy is WARN, DEGRADE or REFUSE.");
        }
        return row.save(tenantId, () -> {
            Sql.updateOrInsert(jdbc, "UPDATE tenant_budget SET monthly_limit = ?, warn_share = ?, policy = ? WHERE tenant_id = ?",
                    new Object[] {monthlyLimit, warnShare, policy.name(), tenantId},
                    "INSERT INTO tenant_budget (tenant_id, monthly_limit, warn_share, policy) VALUES (?, ?, ?, ?)",
                    new Object[] {tenantId, monthlyLimit, warnShare, policy.name()});
            forget(tenantId);
            jdbc.update("UPDATE tenant_budget SET ledger_month = NULL WHERE tenant_id = ?", tenantId); // read usage again
        });
    }

    public void delete(String tenantId) {
        tenants.require(tenantId);
        row.delete(tenantId, () -> forget(tenantId));
    }

    private void forget(String tenantId) {
        decisions.forget(tenantId);
        budgets.forget(tenantId);
    }

    /** The month's spend so far against the budget. */
    public Spend spend(String tenantId) {
        Optional<Budget> budget = budget(tenantId);
        Instant monthStart = YearMonth.from(clock.instant().atZone(ZoneOffset.UTC)).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        double[] sums = jdbc.query("SELECT COALESCE(SUM(cost), 0), COALESCE(SUM(input_tokens), 0), COALESCE(SUM(output_tokens), 0) "
                        + "FROM usage_day WHERE tenant_id = ? AND day_start >= ?",
                rs -> {
                    rs.next();
                    return new double[] {rs.getDouble(1), rs.getLong(2), rs.getLong(3)};
                }, tenantId, Sql.utc(monthStart));
        String state = budget.map(b -> sums[0] >= b.monthlyLimit() ? "SPENT"
                : sums[0] >= b.warnShare() * b.monthlyLimit() ? "WARN" : "OK").orElse("NONE");
        return new Spend(sums[0], (long) sums[1], (long) sums[2], budget.orElse(null), state);
    }

    /** The tenant's usage per day from {@code from} to {@code to} (whole days, UTC), oldest first. */
    public List<DailyUsage> usage(String tenantId, Instant from, Instant to) {
        tenants.require(tenantId);
        Instant end = (to == null ? clock.instant() : to).truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1));
        Instant start = (from == null ? end.minus(Duration.ofDays(30)) : from).truncatedTo(ChronoUnit.DAYS);
        if (!end.isAfter(start) || Duration.between(start, end).toDays() > 400) {
            throw ServiceException.invalid(ErrorCode.INVALID_WINDOW, "'from' must be before 'to', at most 400 days apart.");
        }
        return jdbc.query("SELECT day_start, SUM(runs), SUM(model_runs), SUM(input_tokens), SUM(output_tokens), SUM(cost) "
                        + "FROM usage_day WHERE tenant_id = ? AND day_start >= ? AND day_start < ? GROUP BY day_start "
                        + "ORDER BY day_start",
                (rs, n) -> new DailyUsage(rs.getObject(1, OffsetDateTime.class).toInstant(), rs.getLong(2), rs.getLong(3),
                        rs.getLong(4), rs.getLong(5), rs.getDouble(6)), tenantId, Sql.utc(start), Sql.utc(end));
    }

    /** The tenant's usage per key from {@code from} to {@code to} (whole days, UTC), the most costly first. */
    public List<KeyUsage> usageByKey(String tenantId, Instant from, Instant to) {
        tenants.require(tenantId);
        Instant end = (to == null ? clock.instant() : to).truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1));
        Instant start = (from == null ? end.minus(Duration.ofDays(30)) : from).truncatedTo(ChronoUnit.DAYS);
        return jdbc.query("SELECT key_id, SUM(runs), SUM(model_runs), SUM(input_tokens), SUM(output_tokens), SUM(cost) "
                        + "FROM usage_day WHERE tenant_id = ? AND day_start >= ? AND day_start < ? GROUP BY key_id "
                        + "ORDER BY SUM(cost) DESC, key_id",
                (rs, n) -> new KeyUsage(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
                        rs.getDouble(6)), tenantId, Sql.utc(start), Sql.utc(end));
    }

    /**
     * Holds the expected cost of one answer in the tenant's ledger when its budget refuses once spent: the average
     * cost of its model answers over the last 30 days, or {@code estimate} (the price of a typical answer) when it has
     * none.
     *
     * @return what was held ({@link Reservation#month()} {@code null} without a refusing budget), or empty when the
     *         answer does not fit in what is left of the month's budget
     */
    public Optional<Reservation> reserve(String tenantId, double estimate) {
        Optional<Budget> budget = budgets.get(tenantId, this::budget);
        if (budget.isEmpty() || budget.get().policy() != Policy.REFUSE) {
            return Optional.of(Reservation.none(tenantId));
        }
        Instant now = clock.instant();
        YearMonth month = YearMonth.from(now.atZone(ZoneOffset.UTC));
        Instant monthStart = month.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        String ledger = month.toString();
        jdbc.update("UPDATE tenant_budget SET ledger_month = ?, reserved = 0, settled = (SELECT COALESCE(SUM(cost), 0) "
                        + "FROM usage_day WHERE tenant_id = ? AND day_start >= ?) "
                        + "WHERE tenant_id = ? AND (ledger_month IS NULL OR ledger_month <> ?)",
                ledger, tenantId, Sql.utc(monthStart), tenantId, ledger);
        double[] history = jdbc.query("SELECT COALESCE(SUM(cost), 0), COALESCE(SUM(model_runs), 0) FROM usage_day "
                        + "WHERE tenant_id = ? AND day_start >= ?",
                rs -> {
                    rs.next();
                    return new double[] {rs.getDouble(1), rs.getLong(2)};
                }, tenantId, Sql.utc(now.minus(Duration.ofDays(30))));
        double expected = history[1] > 0 ? history[0] / history[1] : Math.max(0, estimate);
        int held = jdbc.update("UPDATE tenant_budget SET reserved = reserved + ? WHERE tenant_id = ? AND ledger_month = ? "
                + "AND policy = 'REFUSE' AND settled + reserved + ? <= monthly_limit", expected, tenantId, ledger, expected);
        if (held == 1) {
            return Optional.of(new Reservation(tenantId, ledger, expected));
        }
        decisions.forget(tenantId);
        return Optional.empty();
    }

    /**
     * Books an answer's real {@code cost} in the tenant's ledger and frees what {@code reservation} held; a ledger of
     * another month, or none, is left alone (the month's usage is read again when it is next needed).
     */
    public void settle(Reservation reservation, double cost) {
        if (reservation == null || (reservation.month() == null && cost <= 0)) {
            return;
        }
        String month = reservation.month() != null ? reservation.month()
                : YearMonth.from(clock.instant().atZone(ZoneOffset.UTC)).toString();
        jdbc.update("UPDATE tenant_budget SET settled = settled + ?, "
                + "reserved = CASE WHEN reserved > ? THEN reserved - ? ELSE 0 END WHERE tenant_id = ? AND ledger_month = ?",
                Math.max(0, cost), reservation.amount(), reservation.amount(), reservation.tenantId(), month);
    }

    /** The refusal of a tenant whose REFUSE budget is spent (429, {@code budget_exhausted}). */
    public static ServiceException exhausted(String tenantId) {
        return new ServiceException(ServiceException.Kind.EXHAUSTED, ErrorCode.BUDGET_EXHAUSTED, "Tenant '" + tenantId
                + "' has spent its monthly budget; it answers again next month or when an admin raises the budget.",
                List.of());
    }

    /**
     * Adds to the tenant's usage of the day of {@code at} under {@code keyId} ({@code ""}: no key): what every path
     * that calls a model books, the run log's runs and the evaluations alike, so that the month's spend and the budget
     * see all of it.
     */
    public void addUsage(String tenantId, Instant at, String keyId, long runs, long modelRuns, long inputTokens,
                         long outputTokens, double cost) {
        Instant day = at.truncatedTo(ChronoUnit.DAYS);
        Sql.updateOrInsert(jdbc, "UPDATE usage_day SET runs = runs + ?, model_runs = model_runs + ?, "
                        + "input_tokens = input_tokens + ?, output_tokens = output_tokens + ?, cost = cost + ? "
                        + "WHERE tenant_id = ? AND day_start = ? AND key_id = ?",
                new Object[] {runs, modelRuns, inputTokens, outputTokens, cost, tenantId, Sql.utc(day), keyId},
                "INSERT INTO usage_day (tenant_id, day_start, key_id, runs, model_runs, input_tokens, output_tokens, cost) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                new Object[] {tenantId, Sql.utc(day), keyId, runs, modelRuns, inputTokens, outputTokens, cost});
        if (cost > 0) {
            decisions.forget(tenantId);
        }
    }

    /** What a question of the tenant may do now, by its budget and policy. */
    public Decision decide(String tenantId) {
        return decisions.get(tenantId, t -> {
            Spend spend = spend(t);
            if (!"SPENT".equals(spend.state())) {
                return Decision.ANSWER;
            }
            return switch (spend.budget().policy()) {
                case WARN -> Decision.ANSWER;
                case DEGRADE -> Decision.DEGRADE;
                case REFUSE -> Decision.REFUSE;
            };
        });
    }

}

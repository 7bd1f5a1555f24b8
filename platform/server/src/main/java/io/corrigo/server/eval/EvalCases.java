package io.corrigo.server.eval;

import io.corrigo.server.problem.ErrorCode;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.run.RunLog;
import io.corrigo.server.run.RunView;
import io.corrigo.server.tenant.TenantService;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

/**
 * A tenant's own evaluation sets, grown from its runs: "add to evaluation set" keeps a run's question with the route
 * and answer the admin expected, so that a bad answer becomes a case every later evaluation checks. A set reads as
 * the JSON Lines the evaluation takes.
 */
@Service
public class EvalCases {

    /** Set names: letters, digits, dots, dashes and underscores. */
    static final Pattern SET = Pattern.compile("[A-Za-z0-9._-]{1,100}");
    private static final Set<String> ROUTES = Set.of("kb", "web", "none");

    /** A stored case. */
    public record EvalCase(long id, String set, String question, String goldRoute, String answer, String sourceRun,
                           Instant createdAt) {
    }

    private final TenantService tenants;
    private final RunLog runs;
    private final JdbcTemplate jdbc;
    private final ObjectMapper json;
    private final Clock clock;
    private final io.corrigo.server.audit.AuditLog audit;

    EvalCases(TenantService tenants, RunLog runs, JdbcTemplate jdbc, ObjectMapper json, Clock clock,
              io.corrigo.server.audit.AuditLog audit) {
        this.audit = audit;
        this.tenants = tenants;
        this.runs = runs;
        this.jdbc = jdbc;
        this.json = json;
        this.clock = clock;
    }

    /**
     * Adds the question of run {@code runId} to set {@code set}, expecting {@code route} ({@code kb}, {@code web} or
     * {@code none}) and, for an answerable question, {@code answer} (may be {@code null}: route only).
     *
     * @throws ServiceException 400 for a bad set name, route or a missing answer text on none, 404 unknown run
     */
    public EvalCase add(String tenantId, String runId, String set, String route, String answer) {
        if (set == null || !SET.matcher(set).matches()) {
            throw ServiceException.invalid(ErrorCode.INVALID_SET, "A set name is 1-100 letters, digits, dots, dashes or underscores.");
        }
        if (route == null || !ROUTES.contains(route)) {
            throw ServiceException.invalid(ErrorCode.INVALID_ROUTE, "The expected route is kb, web or none.");
        }
        String expected = answer == null || answer.isBlank() ? null : answer.strip();
        if ("none".equals(route) && expected != null) {
            throw ServiceException.invalid(ErrorCode.INVALID_CASE, "A question expected to go unanswered (none) has no expected answer.");
        }
        if (expected != null && expected.length() > 2000) {
            throw ServiceException.invalid(ErrorCode.INVALID_CASE, "An expected answer has at most 2000 characters.");
        }
        RunView run = runs.run(tenantId, runId); // 404 for another tenant's run
        Instant now = clock.instant();
        jdbc.update("INSERT INTO eval_case (tenant_id, set_name, question, gold_route, answer, source_run, created_at) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?)", tenantId, set, run.question(), route, expected, runId,
                io.corrigo.server.Sql.utc(now));
        EvalCase added = cases(tenantId, set).stream().filter(c -> runId.equals(c.sourceRun())).reduce((a, b) -> b)
                .orElseThrow();
        audit.record("eval.case-add", tenantId, set + " " + added.id(), null, added);
        return added;
    }

    /** The cases of a set, oldest first. @throws ServiceException 404 */
    public List<EvalCase> cases(String tenantId, String set) {
        tenants.require(tenantId);
        return jdbc.query("SELECT id, set_name, question, gold_route, answer, source_run, created_at FROM eval_case "
                        + "WHERE tenant_id = ? AND set_name = ? ORDER BY id",
                (rs, n) -> new EvalCase(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                        rs.getString(6), rs.getObject(7, OffsetDateTime.class).toInstant()), tenantId, set);
    }

    /** The tenant's set names with their sizes. */
    public Map<String, Integer> sets(String tenantId) {
        tenants.require(tenantId);
        Map<String, Integer> sets = new LinkedHashMap<>();
        jdbc.query("SELECT set_name, COUNT(*) FROM eval_case WHERE tenant_id = ? GROUP BY set_name ORDER BY set_name",
                rs -> {
                    sets.put(rs.getString(1), rs.getInt(2));
                }, tenantId);
        return sets;
    }

    /** A set as the JSON Lines an evaluation reads. @throws ServiceException 404 for an empty or unknown set */
    public String jsonl(String tenantId, String set) {
        List<EvalCase> cases = cases(tenantId, set);
        if (cases.isEmpty()) {
            throw ServiceException.notFound(ErrorCode.SET_NOT_FOUND, "Tenant '" + tenantId + "' has no evaluation set '" + set + "'.");
        }
        StringBuilder lines = new StringBuilder();
        for (EvalCase c : cases) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("id", "case-" + c.id());
            line.put("question", c.question());
            line.put("answers", c.answer() == null ? List.of() : List.of(c.answer()));
            line.put("gold_route", c.goldRoute());
            line.put("gold_sentences", List.of());
            line.put("source", "cases:" + c.set());
            try {
                lines.append(json.writeValueAsString(line)).append('\n');
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
        return lines.toString();
    }
}

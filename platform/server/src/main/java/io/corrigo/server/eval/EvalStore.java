package io.corrigo.server.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import io.corrigo.server.Sql;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The {@code evaluation} table: each evaluation as it starts (with its question set) and as it ends (state, report,
 * HTML, calibration), so that reports outlive the host and every host of a tenant sees them.
 */
@Component
class EvalStore {

    private final JdbcTemplate jdbc;
    private final ObjectMapper json;

    EvalStore(JdbcTemplate jdbc, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    void started(EvalJobs.Job job, String questions, Integer pipelineVersion, String host) {
        jdbc.update("INSERT INTO evaluation (id, tenant_id, name, state, questions, pipeline_version, host, started_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", job.id(), job.tenant(), cut(job.name(), 300), job.state(),
                questions, pipelineVersion, host, Sql.utc(job.startedAt()));
    }

    void finished(EvalJobs.Job job, Instant at) {
        jdbc.update("UPDATE evaluation SET state = ?, finished_at = ?, error = ?, report = ?, html = ?, calibration = ? "
                        + "WHERE id = ?", job.state(), Sql.utc(at), job.error() == null ? null : cut(job.error(), 2000),
                write(job.report()), job.html(), write(job.calibration()), job.id());
    }

    /** The tenant's evaluations, newest first, at most {@code limit}. */
    List<EvalJobs.Job> list(String tenantId, int limit) {
        return jdbc.query("SELECT id, tenant_id, name, state, started_at, error, report, html, calibration, host "
                + "FROM evaluation WHERE tenant_id = ? ORDER BY started_at DESC FETCH FIRST " + limit + " ROWS ONLY",
                (rs, n) -> job(rs), tenantId);
    }

    Optional<EvalJobs.Job> find(String tenantId, String id) {
        return jdbc.query("SELECT id, tenant_id, name, state, started_at, error, report, html, calibration, host "
                + "FROM evaluation WHERE tenant_id = ? AND id = ?", (rs, n) -> job(rs), tenantId, id).stream().findFirst();
    }

    /** The question set an evaluation ran (JSON Lines). */
    Optional<String> questions(String tenantId, String id) {
        return jdbc.queryForList("SELECT questions FROM evaluation WHERE tenant_id = ? AND id = ?", String.class, tenantId, id)
                .stream().findFirst();
    }

    /** Evaluations this host was running when it stopped: they end as FAILED, with the reason. */
    int abandon(String host, Instant at) {
        return jdbc.update("UPDATE evaluation SET state = 'FAILED', finished_at = ?, error = ? WHERE state = 'RUNNING' AND host = ?",
                Sql.utc(at), "interrupted: the host restarted while it ran", host);
    }

    private EvalJobs.Job job(ResultSet rs) throws SQLException {
        try {
            EvalReport report = rs.getString("report") == null ? null : json.readValue(rs.getString("report"), EvalReport.class);
            List<Calibration.Point> calibration = rs.getString("calibration") == null ? null
                    : json.readValue(rs.getString("calibration"), new TypeReference<List<Calibration.Point>>() { });
            return EvalJobs.Job.restored(rs.getString("id"), rs.getString("tenant_id"), rs.getString("name"),
                    rs.getObject("started_at", OffsetDateTime.class).toInstant(), rs.getString("state"),
                    rs.getString("error"), report, rs.getString("html"), calibration, rs.getString("host"));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored evaluation " + rs.getString("id") + " is unreadable", e);
        }
    }

    private String write(Object value) {
        if (value == null) {
            return null;
        }
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "\u2026";
    }

}

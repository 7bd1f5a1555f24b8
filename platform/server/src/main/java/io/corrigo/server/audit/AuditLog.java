package io.corrigo.server.audit;

import io.corrigo.server.problem.ErrorCode;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.server.Sql;
import io.corrigo.server.problem.ServiceException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Service;

/**
 * The audit log: every admin change and sign-in, written in the transaction of the change itself (a change that rolls
 * back leaves no entry), read back filtered and paged, exported as CSV or JSON Lines, pruned after
 * {@code corrigo.audit.retention-days} (365).
 *
 * <p>The actor is the signed-in admin on this thread (REST request or admin UI session) or {@code system} for the
 * host's own work; a change made with an API token names the token too. States are stored as JSON with every
 * secret-looking field's text replaced by {@value #MASK}, whatever the caller passed.
 */
@Service
public class AuditLog {

    /** What a secret's value is replaced by. */
    public static final String MASK = "********";
    /** The actor of the host's own work (start-up, scheduled jobs, the command line). */
    public static final String SYSTEM = "system";
    /** The longest page of entries one read returns. */
    public static final int MAX_PAGE = 500;

    private static final Logger log = LoggerFactory.getLogger(AuditLog.class);
    /** Field names whose text values are secrets: passwords, secrets, API keys, tokens, credentials. */
    private static final Pattern SECRET_FIELD = Pattern.compile(
            "(?i).*(password|secret|credential|apikey|api_key|privatekey|private_key|masterkey|token)");
    private static final int MAX_STATE_CHARS = 60_000;

    private final JdbcTemplate jdbc;
    private final ObjectMapper json;
    private final Clock clock;
    private final Duration retention;

    public AuditLog(JdbcTemplate jdbc, ObjectMapper json, Clock clock, @Value("${corrigo.audit.retention-days:365}") int retentionDays) {
        this.jdbc = jdbc;
        this.json = json;
        this.clock = clock;
        this.retention = Duration.ofDays(Math.max(1, retentionDays));
    }

    /** How an API token signs a request in: kept as the authentication's details, named in every entry it makes. */
    public record ViaToken(String tokenId) {
        @Override
        public String toString() {
            return "token " + tokenId;
        }
    }

    /**
     * Records a change made by whoever is signed in on this thread.
     *
     * @param action {@code <kind>.<verb>}, such as {@code pipeline.publish}
     * @param tenant the tenant it concerns, or null
     * @param target what was changed (an id, a name, a version), or null
     * @param before the state before (any value Jackson writes: a view record, a map), or null
     * @param after  the state after, or null
     */
    public void record(String action, String tenant, String target, Object before, Object after) {
        Authentication auth = SecurityContextHolder.getContext().getAuthentication();
        boolean signedIn = auth != null && auth.isAuthenticated() && !"anonymousUser".equals(auth.getName());
        String actor = actor();
        String via = signedIn && auth.getDetails() instanceof ViaToken token ? token.toString() : null;
        insert(actor, via, action, tenant, target, "ok", before, after);
    }

    /** The signed-in admin on this thread, or {@code system}. */
    public static String actor() {
        Authentication auth = SecurityContextHolder.getContext().getAuthentication();
        boolean signedIn = auth != null && auth.isAuthenticated() && !"anonymousUser".equals(auth.getName());
        return signedIn ? auth.getName() : SYSTEM;
    }

    /** Records a sign-in (or a failed one) of {@code username}; {@code method} says how: form, basic, sso. */
    public void signIn(String username, String method, boolean succeeded) {
        insert(username == null || username.isBlank() ? "(none)" : truncate(username, 60), null,
                succeeded ? "sign-in" : "sign-in.failed", null, method, succeeded ? "ok" : "refused", null, null);
    }

    private void insert(String actor, String via, String action, String tenant, String target, String outcome,
                        Object before, Object after) {
        jdbc.update("INSERT INTO audit_event (at, actor, via, address, action, tenant_id, target, outcome, before_state, "
                        + "after_state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                Sql.utc(clock.instant()), actor, via, ClientAddress.current(), action, tenant,
                target == null ? null : truncate(target, 200), outcome, masked(before), masked(after));
    }

    /**
     * One page of entries matching {@code query} that {@code reach} may read, newest first.
     *
     * @throws ServiceException 400 for a page size outside 1..{@value #MAX_PAGE}
     */
    public List<AuditEvent> list(AuditQuery query, AuditReach reach, int page, int size) {
        if (size < 1 || size > MAX_PAGE || page < 0) {
            throw ServiceException.invalid(ErrorCode.INVALID_PAGE, "page ≥ 0 and size 1-" + MAX_PAGE + ".");
        }
        Where where = where(query, reach);
        if (where == null) {
            return List.of();
        }
        List<Object> args = new ArrayList<>(where.args());
        args.add(size);
        args.add((long) page * size);
        return jdbc.query("SELECT * FROM audit_event" + where.sql() + " ORDER BY id DESC LIMIT ? OFFSET ?",
                AuditLog::event, args.toArray());
    }

    /** How many entries match {@code query} within {@code reach}. */
    public long count(AuditQuery query, AuditReach reach) {
        Where where = where(query, reach);
        return where == null ? 0 : jdbc.queryForObject("SELECT COUNT(*) FROM audit_event" + where.sql(), Long.class,
                where.args().toArray());
    }

    /** The formats an export is written in. */
    public enum Format { CSV, JSONL }

    /** Writes every matching entry within {@code reach}, oldest first, in batches (an export of any size). */
    public void export(AuditQuery query, AuditReach reach, Format format, Writer out) {
        Where where = where(query, reach);
        try {
            if (format == Format.CSV) {
                out.write("id,at,actor,via,address,action,tenant,target,outcome,before,after\r\n");
            }
            long after = 0;
            while (where != null) {
                List<Object> args = new ArrayList<>(where.args());
                args.add(after);
                String sql = "SELECT * FROM audit_event" + where.sql() + (where.sql().isEmpty() ? " WHERE" : " AND")
                        + " id > ? ORDER BY id LIMIT 1000";
                List<AuditEvent> batch = jdbc.query(sql, AuditLog::event, args.toArray());
                for (AuditEvent e : batch) {
                    out.write(format == Format.CSV ? csv(e) : json.writeValueAsString(e) + "\n");
                    after = e.id();
                }
                if (batch.size() < 1000) {
                    break;
                }
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes entries older than the retention period ({@code corrigo.audit.retention-days}); daily at 03:23. */
    @Scheduled(cron = "0 23 3 * * *")
    public int prune() {
        int deleted = jdbc.update("DELETE FROM audit_event WHERE at < ?", Sql.utc(clock.instant().minus(retention)));
        if (deleted > 0) {
            log.info("Pruned {} audit entries older than {} days", deleted, retention.toDays());
        }
        return deleted;
    }

    /** The retention period. */
    public Duration retention() {
        return retention;
    }

    private record Where(String sql, List<Object> args) {
    }

    /** The WHERE clause of a query within a reach, or null when the reach sees nothing of it. */
    private static Where where(AuditQuery q, AuditReach reach) {
        List<String> parts = new ArrayList<>();
        List<Object> args = new ArrayList<>();
        Optional<Set<String>> only = reach.tenantsOnly();
        if (only.isPresent()) {
            Set<String> tenants = only.get();
            if (tenants.isEmpty() || (q.tenant() != null && !tenants.contains(q.tenant()))) {
                return null;
            }
            parts.add("tenant_id IN (" + String.join(", ", java.util.Collections.nCopies(tenants.size(), "?")) + ")");
            args.addAll(tenants);
        }
        if (q.actor() != null && !q.actor().isBlank()) {
            parts.add("actor = ?");
            args.add(q.actor().trim());
        }
        if (q.action() != null && !q.action().isBlank()) {
            String action = q.action().trim().toLowerCase(Locale.ROOT);
            parts.add("(action = ? OR action LIKE ?)");
            args.add(action);
            args.add(action.replace("%", "").replace("_", "\\_") + ".%");
        }
        if (q.tenant() != null && !q.tenant().isBlank()) {
            parts.add("tenant_id = ?");
            args.add(q.tenant().trim());
        }
        if (q.from() != null) {
            parts.add("at >= ?");
            args.add(Sql.utc(q.from()));
        }
        if (q.to() != null) {
            parts.add("at < ?");
            args.add(Sql.utc(q.to()));
        }
        return new Where(parts.isEmpty() ? "" : " WHERE " + String.join(" AND ", parts), args);
    }

    private static AuditEvent event(ResultSet rs, int row) throws SQLException {
        Timestamp at = rs.getTimestamp("at");
        return new AuditEvent(rs.getLong("id"), at.toInstant(), rs.getString("actor"), rs.getString("via"),
                rs.getString("address"), rs.getString("action"), rs.getString("tenant_id"), rs.getString("target"),
                rs.getString("outcome"), rs.getString("before_state"), rs.getString("after_state"));
    }

    private String masked(Object state) {
        if (state == null) {
            return null;
        }
        JsonNode tree = json.valueToTree(state);
        mask(tree);
        String text = tree.toString();
        return text.length() > MAX_STATE_CHARS ? text.substring(0, MAX_STATE_CHARS) + "…" : text;
    }

    /** Replaces the text of every secret-looking field, at any depth, by {@link #MASK}. */
    static void mask(JsonNode node) {
        if (node instanceof ObjectNode object) {
            Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
            List<String> secrets = new ArrayList<>();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getValue().isTextual() && !field.getValue().asText().isEmpty()
                        && SECRET_FIELD.matcher(field.getKey()).matches()) {
                    secrets.add(field.getKey());
                } else {
                    mask(field.getValue());
                }
            }
            secrets.forEach(name -> object.put(name, MASK));
        } else if (node instanceof ArrayNode array) {
            array.forEach(AuditLog::mask);
        }
    }

    private static String csv(AuditEvent e) {
        return String.join(",", String.valueOf(e.id()), e.at().toString(), cell(e.actor()), cell(e.via()),
                cell(e.address()), cell(e.action()), cell(e.tenant()), cell(e.target()), cell(e.outcome()),
                cell(e.before()), cell(e.after())) + "\r\n";
    }

    /** A CSV cell: quoted when needed, and a leading formula character defused (spreadsheet injection). */
    private static String cell(String value) {
        if (value == null) {
            return "";
        }
        String text = !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
        return text.matches("[^\",\r\n]*") ? text : "\"" + text.replace("\"", "\"\"") + "\"";
    }

    private static String truncate(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max);
    }
}

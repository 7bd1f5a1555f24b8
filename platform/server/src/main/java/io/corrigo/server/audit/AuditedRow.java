package io.corrigo.server.audit;

import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A tenant's one row of settings (its budget, its evaluation schedule, its webhook) whose every change is audited:
 * the state before and after, recorded as one action, and nothing recorded for a delete of a row that was not there.
 *
 * @param <T> the settings as the feature reads them back
 */
public final class AuditedRow<T> {

    private static final Pattern TABLE = Pattern.compile("[a-z_]+");

    private final JdbcTemplate jdbc;
    private final AuditLog audit;
    private final String table;
    private final String action;
    private final String target;
    private final Function<String, Optional<T>> read;

    /**
     * @param table  the table, one row per tenant keyed by {@code tenant_id}
     * @param action the audit action, e.g. {@code settings.budget}
     * @param target the audit target's name, e.g. {@code budget}
     * @param read   reads the tenant's row (and checks the tenant exists)
     */
    public AuditedRow(JdbcTemplate jdbc, AuditLog audit, String table, String action, String target,
                      Function<String, Optional<T>> read) {
        if (!TABLE.matcher(table).matches()) {
            throw new IllegalArgumentException("not a table name: " + table);
        }
        this.jdbc = jdbc;
        this.audit = audit;
        this.table = table;
        this.action = action;
        this.target = target;
        this.read = read;
    }

    /** Writes the row with {@code write} and audits the change. @return the row as written */
    public T save(String tenantId, Runnable write) {
        Optional<T> before = read.apply(tenantId);
        write.run();
        T after = read.apply(tenantId).orElseThrow();
        audit.record(action, tenantId, target, before.orElse(null), after);
        return after;
    }

    /** Deletes the row, then runs {@code afterwards} (forget caches), and audits the removal when there was a row. */
    public void delete(String tenantId, Runnable afterwards) {
        Optional<T> before = read.apply(tenantId);
        jdbc.update("DELETE FROM " + table + " WHERE tenant_id = ?", tenantId);
        afterwards.run();
        before.ifPresent(row -> audit.record(action, tenantId, target, row, null));
    }
}

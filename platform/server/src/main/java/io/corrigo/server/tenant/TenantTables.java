package io.corrigo.server.tenant;

import java.util.List;
import java.util.regex.Pattern;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A {@link TenantOwned} whose rows sit in plain tables with a {@code tenant_id} column: it counts the rows of the
 * first table named and deletes from each table in the order named. Features extend it and add their hooks.
 */
public abstract class TenantTables implements TenantOwned {

    private static final Pattern TABLE = Pattern.compile("[a-z_]+");

    protected final JdbcTemplate jdbc;
    private final String what;
    private final List<String> tables;

    /**
     * @param what   what the rows of {@code tables[0]} are, as a plural noun
     * @param tables the feature's tables with a {@code tenant_id} column, children first; the first is counted
     */
    protected TenantTables(JdbcTemplate jdbc, String what, String... tables) {
        if (tables.length == 0) {
            throw new IllegalArgumentException("name at least one table");
        }
        for (String table : tables) {
            if (!TABLE.matcher(table).matches()) {
                throw new IllegalArgumentException("not a table name: " + table);
            }
        }
        this.jdbc = jdbc;
        this.what = what;
        this.tables = List.of(tables);
    }

    @Override
    public String what() {
        return what;
    }

    @Override
    public List<String> tables() {
        return tables;
    }

    @Override
    public long count(String tenantId) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM " + tables.get(0) + " WHERE tenant_id = ?", Long.class, tenantId);
    }

    @Override
    public void delete(String tenantId) {
        for (String table : tables) {
            jdbc.update("DELETE FROM " + table + " WHERE tenant_id = ?", tenantId);
        }
    }
}

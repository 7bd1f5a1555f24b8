package io.corrigo.server.tenant;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The tenant data the database schema holds, read from {@code information_schema} (H2 and PostgreSQL alike): which
 * tables have a {@code tenant_id} column, how many rows each holds for a tenant, and a synthetic row for each such
 * table a test's real flows left empty — every NOT NULL column filled by its type, a foreign key by a row of the table
 * it references (made first when there is none) — so that "a fully populated tenant" covers every table, including
 * one added tomorrow.
 */
public final class TenantSchema {

    /** The one table that keeps rows of a deleted tenant, on purpose: who deleted it, and when. */
    public static final String AUDIT = "audit_event";

    private final JdbcTemplate jdbc;
    private final AtomicInteger serial = new AtomicInteger();

    public TenantSchema(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Every table with a {@code tenant_id} column, in lower case. */
    public Set<String> tenantTables() {
        return new TreeSet<>(jdbc.queryForList("SELECT LOWER(table_name) FROM information_schema.columns "
                + "WHERE LOWER(column_name) = 'tenant_id' AND LOWER(table_schema) = 'public'", String.class));
    }

    /** The tables the owners name. */
    public static Set<String> owned(List<TenantOwned> owners) {
        return owners.stream().flatMap(o -> o.tables().stream()).collect(Collectors.toCollection(TreeSet::new));
    }

    /** Rows per tenant table (the audit log included) for the tenant. */
    public Map<String, Long> rows(String tenantId) {
        Map<String, Long> rows = new LinkedHashMap<>();
        for (String table : tenantTables()) {
            rows.put(table, jdbc.queryForObject("SELECT COUNT(*) FROM " + table + " WHERE tenant_id = ?", Long.class, tenantId));
        }
        return rows;
    }

    /** Gives every tenant table without a row for the tenant one synthetic row. @return the tables filled so */
    public List<String> fillEmpty(String tenantId) {
        List<String> filled = new ArrayList<>();
        rows(tenantId).forEach((table, count) -> {
            if (count == 0 && !table.equals(AUDIT)) {
                insert(table, tenantId, new HashSet<>());
                filled.add(table);
            }
        });
        return filled;
    }

    private record Column(String name, String type, boolean nullable, boolean generated, int length) {
    }

    private record Reference(String table, String column) {
    }

    /** Inserts one row into {@code table} (for the tenant when it has a tenant_id) and returns its values. */
    private Map<String, Object> insert(String table, String tenantId, Set<String> making) {
        if (!making.add(table)) {
            throw new IllegalStateException("a cycle of foreign keys through " + table);
        }
        Map<String, Reference> references = references(table);
        Map<String, Object> values = new LinkedHashMap<>();
        for (Column column : columns(table)) {
            if (column.generated() || column.nullable() && !references.containsKey(column.name())) {
                continue;
            }
            if (column.name().equals("tenant_id")) {
                values.put(column.name(), tenantId);
            } else if (references.containsKey(column.name())) {
                values.put(column.name(), referenced(references.get(column.name()), tenantId, making));
            } else {
                values.put(column.name(), valueOf(column));
            }
        }
        String names = String.join(", ", values.keySet());
        String marks = values.keySet().stream().map(k -> "?").collect(Collectors.joining(", "));
        jdbc.update("INSERT INTO " + table + " (" + names + ") VALUES (" + marks + ")", values.values().toArray());
        making.remove(table);
        return values;
    }

    private Object referenced(Reference reference, String tenantId, Set<String> making) {
        if (reference.table().equals("tenant")) {
            return tenantId;
        }
        boolean tenantKeyed = columns(reference.table()).stream().anyMatch(c -> c.name().equals("tenant_id"));
        List<Object> existing = tenantKeyed
                ? jdbc.queryForList("SELECT " + reference.column() + " FROM " + reference.table() + " WHERE tenant_id = ?",
                        Object.class, tenantId)
                : jdbc.queryForList("SELECT " + reference.column() + " FROM " + reference.table(), Object.class);
        if (!existing.isEmpty()) {
            return existing.get(0);
        }
        insert(reference.table(), tenantId, making);
        return referenced(reference, tenantId, making);
    }

    private Object valueOf(Column column) {
        String type = column.type().toUpperCase(Locale.ROOT);
        if (type.contains("CHAR") || type.contains("TEXT") || type.contains("CLOB")) {
            String text = "s" + serial.incrementAndGet();
            return column.length() > 0 && text.length() > column.length() ? text.substring(0, column.length()) : text;
        }
        if (type.contains("BOOL")) {
            return false;
        }
        if (type.contains("TIMESTAMP")) {
            return OffsetDateTime.now(ZoneOffset.UTC);
        }
        if (type.equals("DATE")) {
            return LocalDate.now(ZoneOffset.UTC);
        }
        if (type.contains("INT")) {
            return serial.incrementAndGet();
        }
        if (type.contains("DOUBLE") || type.contains("REAL") || type.contains("NUMERIC") || type.contains("DECIMAL")
                || type.contains("FLOAT")) {
            return 1.0;
        }
        throw new IllegalStateException("no synthetic value for column " + column.name() + " of type " + column.type());
    }

    private List<Column> columns(String table) {
        return jdbc.query("SELECT LOWER(column_name), data_type, is_nullable, column_default, is_identity, "
                        + "character_maximum_length FROM information_schema.columns "
                        + "WHERE LOWER(table_name) = ? AND LOWER(table_schema) = 'public' ORDER BY ordinal_position",
                (rs, i) -> new Column(rs.getString(1), rs.getString(2), "YES".equalsIgnoreCase(rs.getString(3)),
                        rs.getString(4) != null || "YES".equalsIgnoreCase(rs.getString(5)), rs.getInt(6)),
                table);
    }

    /** Single-column foreign keys of the table: column → referenced table and column. */
    private Map<String, Reference> references(String table) {
        Map<String, Reference> references = new LinkedHashMap<>();
        jdbc.query("SELECT LOWER(fk.column_name), LOWER(pk.table_name), LOWER(pk.column_name) "
                        + "FROM information_schema.referential_constraints rc "
                        + "JOIN information_schema.key_column_usage fk ON fk.constraint_name = rc.constraint_name "
                        + "AND fk.constraint_schema = rc.constraint_schema "
                        + "JOIN information_schema.key_column_usage pk ON pk.constraint_name = rc.unique_constraint_name "
                        + "AND pk.constraint_schema = rc.unique_constraint_schema "
                        + "WHERE LOWER(fk.table_name) = ? AND LOWER(fk.table_schema) = 'public'",
                rs -> {
                    references.put(rs.getString(1), new Reference(rs.getString(2), rs.getString(3)));
                }, table);
        return references;
    }
}

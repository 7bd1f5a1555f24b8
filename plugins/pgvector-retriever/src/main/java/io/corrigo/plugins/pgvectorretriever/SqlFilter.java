package io.corrigo.plugins.pgvectorretriever;

import io.corrigo.api.PassageFilter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A {@link PassageFilter} as an SQL condition on a passage row {@code t} (its {@code metadata} jsonb), with the values
 * it binds. Multi-valued keys (collections, readers, tags) are split at commas and matched as arrays; update dates are
 * compared as ISO strings (which sort as dates); a row without readers is readable by everyone.
 */
final class SqlFilter {

    private static final String LIST = "regexp_split_to_array(coalesce(t.metadata->>'%s', ''), '\\s*,\\s*')";

    private interface Binding {
        int bind(Connection c, PreparedStatement p, int index) throws SQLException;
    }

    private final String condition;
    private final List<Binding> bindings;

    private SqlFilter(String condition, List<Binding> bindings) {
        this.condition = condition;
        this.bindings = List.copyOf(bindings);
    }

    static SqlFilter of(PassageFilter filter) {
        List<String> parts = new ArrayList<>();
        List<Binding> bindings = new ArrayList<>();
        if (!filter.collections().isEmpty()) {
            parts.add(LIST.formatted(PassageFilter.COLLECTIONS) + " && ?::text[]");
            bindings.add(array(filter.collections()));
        }
        for (Map.Entry<String, String> wanted : filter.metadata().entrySet()) {
            if (PassageFilter.multiValued(wanted.getKey())) {
                parts.add(LIST.formatted(wanted.getKey()) + " @> ?::text[]");
                bindings.add(array(List.of(wanted.getValue())));
            } else {
                parts.add("t.metadata->>? = ?");
                bindings.add((c, p, i) -> {
                    p.setString(i, wanted.getKey());
                    p.setString(i + 1, wanted.getValue());
                    return i + 2;
                });
            }
        }
        if (filter.updatedAfter() != null) {
            parts.add("left(t.metadata->>'" + PassageFilter.UPDATED + "', 10) >= ?");
            bindings.add(text(filter.updatedAfter().toString()));
        }
        if (filter.updatedBefore() != null) {
            parts.add("left(t.metadata->>'" + PassageFilter.UPDATED + "', 10) <= ?");
            bindings.add(text(filter.updatedBefore().toString()));
        }
        if (filter.readers() != null) {
            parts.add("(coalesce(t.metadata->>'" + PassageFilter.READERS + "', '') = '' OR "
                    + LIST.formatted(PassageFilter.READERS) + " && ?::text[])");
            bindings.add(array(filter.readerTerms()));
        }
        return new SqlFilter(String.join(" AND ", parts), bindings);
    }

    private static Binding array(java.util.Collection<String> values) {
        return (c, p, i) -> {
            p.setArray(i, c.createArrayOf("text", values.toArray()));
            return i + 1;
        };
    }

    private static Binding text(String value) {
        return (c, p, i) -> {
            p.setString(i, value);
            return i + 1;
        };
    }

    boolean isEmpty() {
        return condition.isEmpty();
    }

    /** The condition, or an empty string. */
    String condition() {
        return condition;
    }

    /** {@code " AND <condition>"} to append to a {@code WHERE}, or an empty string. */
    String and() {
        return condition.isEmpty() ? "" : " AND " + condition;
    }

    /** Binds the condition's values from {@code index}; returns the next index. */
    int bind(Connection c, PreparedStatement p, int index) throws SQLException {
        int i = index;
        for (Binding binding : bindings) {
            i = binding.bind(c, p, i);
        }
        return i;
    }
}

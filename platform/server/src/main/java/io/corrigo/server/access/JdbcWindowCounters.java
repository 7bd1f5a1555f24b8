package io.corrigo.server.access;

import java.util.List;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Counts in the {@code rate_window} table, shared by every host on the database. An increment is one conditional
 * {@code UPDATE … SET hits = hits + 1 WHERE hits < ?} (atomic per row), or the {@code INSERT} of a window's first hit;
 * a host that loses the insert race retries the update.
 */
final class JdbcWindowCounters implements WindowCounters {

    private final JdbcTemplate jdbc;

    JdbcWindowCounters(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public Counts read(String key, long start, long previousStart) {
        int current = 0;
        int previous = 0;
        List<long[]> rows = jdbc.query("select window_start, hits from rate_window where subject = ? and window_start in (?, ?)",
                (rs, n) -> new long[] {rs.getLong(1), rs.getInt(2)}, key, start, previousStart);
        for (long[] row : rows) {
            if (row[0] == start) {
                current = (int) row[1];
            } else {
                previous = (int) row[1];
            }
        }
        return new Counts(current, previous);
    }

    @Override
    public boolean increment(String key, long start, long below) {
        if (below <= 0) {
            return false;
        }
        if (update(key, start, below)) {
            return true;
        }
        try {
            return jdbc.update("insert into rate_window (subject, window_start, hits) values (?, ?, 1)", key, start) == 1;
        } catch (DuplicateKeyException e) {
            return update(key, start, below); // another host opened the window first
        }
    }

    private boolean update(String key, long start, long below) {
        return jdbc.update("update rate_window set hits = hits + 1 where subject = ? and window_start = ? and hits < ?",
                key, start, below) == 1;
    }

    @Override
    public void forgetBefore(long start) {
        jdbc.update("delete from rate_window where window_start < ?", start);
    }
}

package io.corrigo.server;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;

/** Small JDBC idioms the host's features share, portable between H2 and PostgreSQL. */
public final class Sql {

    private Sql() {
    }

    /** {@code instant} as a {@code TIMESTAMP WITH TIME ZONE} parameter, in UTC. */
    public static OffsetDateTime utc(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    /**
     * Changes a row with {@code update} (an add such as {@code x = x + ?}, or a plain set), or, when there is none yet,
     * creates it with {@code insert}; a host that loses the race to insert it runs {@code update} again. Each statement
     * on its own, so that a lost race never aborts a transaction (PostgreSQL would).
     *
     * @return whether this call created the row
     */
    public static boolean updateOrInsert(JdbcTemplate jdbc, String update, Object[] updateArgs, String insert,
                                         Object[] insertArgs) {
        if (jdbc.update(update, updateArgs) > 0) {
            return false;
        }
        try {
            jdbc.update(insert, insertArgs);
            return true;
        } catch (DuplicateKeyException raced) {
            jdbc.update(update, updateArgs);
            return false;
        }
    }
}

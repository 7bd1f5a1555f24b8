package io.corrigo.plugins.pgvectorretriever;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Connection pools shared by the retrievers that point at the same database with the same account: every tenant of a
 * host served by one PostgreSQL uses one pool, not one each. A pool closes when its last retriever does.
 */
final class ConnectionPools {

    /** Where and how to connect. The password is part of the key, so a changed password opens a new pool. */
    record Target(String url, String username, String password, int size, long timeoutMillis) {
    }

    /** A retriever's share of a pool. */
    static final class Lease implements AutoCloseable {
        private final Target target;
        private final HikariDataSource pool;
        private boolean closed;

        private Lease(Target target, HikariDataSource pool) {
            this.target = target;
            this.pool = pool;
        }

        HikariDataSource dataSource() {
            return pool;
        }

        @Override
        public void close() {
            synchronized (POOLS) {
                if (!closed) {
                    closed = true;
                    release(target);
                }
            }
        }
    }

    private static final class Shared {
        final HikariDataSource pool;
        int users;

        Shared(HikariDataSource pool) {
            this.pool = pool;
        }
    }

    private static final Map<Target, Shared> POOLS = new HashMap<>();

    private ConnectionPools() {
    }

    static Lease lease(Target target) {
        synchronized (POOLS) {
            Shared shared = POOLS.computeIfAbsent(target, t -> new Shared(open(t)));
            shared.users++;
            return new Lease(target, shared.pool);
        }
    }

    private static void release(Target target) {
        Shared shared = POOLS.get(target);
        if (shared != null && --shared.users == 0) {
            POOLS.remove(target);
            shared.pool.close();
        }
    }

    /** How many pools are open (for tests). */
    static int open() {
        synchronized (POOLS) {
            return POOLS.size();
        }
    }

    private static HikariDataSource open(Target target) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("corrigo-pgvector-" + Integer.toHexString(Objects.hash(target.url(), target.username())));
        config.setJdbcUrl(target.url());
        config.setUsername(target.username());
        config.setPassword(target.password());
        config.setMaximumPoolSize(target.size());
        config.setMinimumIdle(0);
        config.setIdleTimeout(60_000);
        config.setConnectionTimeout(Math.max(250, target.timeoutMillis()));
        config.setInitializationFailTimeout(-1); // the database may come up after the host: connect on first use
        // a statement that runs longer than the call timeout is cancelled on the server, not left running
        config.addDataSourceProperty("options", "-c statement_timeout=" + target.timeoutMillis());
        config.addDataSourceProperty("connectTimeout", String.valueOf(Math.max(1, target.timeoutMillis() / 1000)));
        config.addDataSourceProperty("ApplicationName", "corrigo");
        return new HikariDataSource(config);
    }
}

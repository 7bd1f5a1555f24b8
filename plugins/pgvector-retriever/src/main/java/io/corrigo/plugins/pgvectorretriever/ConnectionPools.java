package io.corrigo.plugins.pgvectorretriever;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Connection pools shared by the retrievers that point at the same database with the same account: every tenant of a
 * host served by one PostgreSQL uses one pool, not one each. A pool closes when its last retriever does, and every
 * pool still open closes with its owner (the factory, when the plugin stops).
 */
final class ConnectionPools implements AutoCloseable {

    /** Where and how to connect. The password is part of the key, so a changed password opens a new pool. */
    record Target(String url, String username, String password, int size, long timeoutMillis) {
    }

    /** A retriever's share of a pool. */
    final class Lease implements AutoCloseable {
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
            synchronized (pools) {
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

    private final Map<Target, Shared> pools = new HashMap<>();

    Lease lease(Target target) {
        synchronized (pools) {
            Shared shared = pools.computeIfAbsent(target, t -> new Shared(open(t)));
            shared.users++;
            return new Lease(target, shared.pool);
        }
    }

    private void release(Target target) {
        Shared shared = pools.get(target);
        if (shared != null && --shared.users == 0) {
            pools.remove(target);
            shared.pool.close();
        }
    }

    /** How many pools are open (for tests). */
    int open() {
        synchronized (pools) {
            return pools.size();
        }
    }

    /** Closes every pool, leased or not: the retrievers using them are closed already, or about to be. */
    @Override
    public void close() {
        synchronized (pools) {
            pools.values().forEach(shared -> shared.pool.close());
            pools.clear();
        }
    }

    private static HikariDataSource open(Target target) {
        // the driver's own DataSource, not a JDBC URL through DriverManager: DriverManager hands out drivers by the
        // caller's class loader, and the host's class path may hold another copy of the driver than this plugin's
        PGSimpleDataSource driver = new PGSimpleDataSource();
        driver.setUrl(target.url());
        if (target.username() != null) {
            driver.setUser(target.username());
        }
        if (target.password() != null) {
            driver.setPassword(target.password());
        }
        driver.setConnectTimeout((int) Math.max(1, target.timeoutMillis() / 1000));
        driver.setApplicationName("corrigo");
        // a statement that runs longer than the call timeout is cancelled on the server, not left running
        driver.setOptions("-c statement_timeout=" + target.timeoutMillis());
        HikariConfig config = new HikariConfig();
        config.setPoolName("corrigo-pgvector-" + Integer.toHexString(Objects.hash(target.url(), target.username())));
        config.setDataSource(driver);
        config.setMaximumPoolSize(target.size());
        config.setMinimumIdle(0);
        config.setIdleTimeout(60_000);
        config.setConnectionTimeout(Math.max(250, target.timeoutMillis()));
        config.setInitializationFailTimeout(-1); // the database may come up after the host: connect on first use
        return new HikariDataSource(config);
    }
}

package io.corrigo.server.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.HostTestBase;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Rate limits that hold across hosts: two {@link RateLimits} (as two hosts would have) counting in the same database
 * allow a subject its limit in all, not per host, also when requests race.
 */
class SharedRateLimitsTest extends HostTestBase {

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void should_allow_the_limit_across_two_hosts_not_per_host() {
        RateLimits hostA = new RateLimits(new JdbcWindowCounters(jdbc), Clock.systemUTC());
        RateLimits hostB = new RateLimits(new JdbcWindowCounters(jdbc), Clock.systemUTC());
        String subject = "key:shared-" + System.nanoTime();

        List<Boolean> allowed = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            RateLimits host = i % 2 == 0 ? hostA : hostB;
            allowed.add(host.acquire(subject, Duration.ofHours(1), 3).isEmpty());
        }

        assertThat(allowed).containsExactly(true, true, true, false, false);
        assertThat(hostB.acquire(subject, Duration.ofHours(1), 3)).as("a Retry-After for the refused")
                .hasValueSatisfying(wait -> assertThat(wait).isPositive());
    }

    @Test
    void should_not_let_racing_hosts_exceed_the_limit() throws Exception {
        RateLimits hostA = new RateLimits(new JdbcWindowCounters(jdbc), Clock.systemUTC());
        RateLimits hostB = new RateLimits(new JdbcWindowCounters(jdbc), Clock.systemUTC());
        String subject = "key:race-" + System.nanoTime();
        ExecutorService clients = Executors.newFixedThreadPool(16);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Boolean>> requests = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            RateLimits host = i % 2 == 0 ? hostA : hostB;
            requests.add(clients.submit(() -> {
                go.await();
                return host.acquire(subject, Duration.ofHours(1), 10).isEmpty();
            }));
        }
        go.countDown();
        int allowed = 0;
        for (Future<Boolean> request : requests) {
            allowed += request.get() ? 1 : 0;
        }
        clients.shutdown();

        assertThat(allowed).isEqualTo(10);
        Integer stored = jdbc.queryForObject("select sum(hits) from rate_window where subject like ?", Integer.class, subject + "@%");
        assertThat(stored).isEqualTo(10);
    }
}

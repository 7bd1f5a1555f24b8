package io.corrigo.server.run;

import io.corrigo.server.health.HealthService;
import io.corrigo.server.tenant.TenantService;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The health query over a tenant with 1,000,000 runs in 30 days, on H2 (embedded) and on PostgreSQL (embedded
 * binaries): the runs go through the run log's own summing ({@link RunRollups}, as the run writer calls it), 5,000
 * distinct questions with a long tail, then the 30-day dashboard (daily buckets and hourly buckets) and the 24-hour one
 * are timed, 40 times each. The run rows themselves are not written: the health query never reads them. A benchmark:
 * it prints and asserts nothing. Run with {@code ./mvnw verify -Dgroups=benchmark -Dbench.excluded=
 * -Dsurefire.failIfNoSpecifiedTests=false -Dtest=HealthQueryBenchmark -pl platform/server}.
 */
@Tag("benchmark")
class HealthQueryBenchmark {

    static final int RUNS = 1_000_000;
    static final int QUESTIONS = 5_000;
    static final int DAYS = 30;
    static final String TENANT = "health-bench";

    abstract static class Database {

        @Autowired
        RunRollups rollups;
        @Autowired
        HealthService health;
        @Autowired
        TenantService tenants;
        @Autowired
        JdbcTemplate jdbc;

        abstract String name();

        @Test
        void print_the_health_query_time_over_a_million_runs() {
            tenants.create(TENANT, "Health benchmark");
            Instant end = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(Duration.ofHours(1));
            Instant start = end.minus(Duration.ofDays(DAYS));
            long began = System.nanoTime();
            seed(start);
            double seedSeconds = (System.nanoTime() - began) / 1e9;
            long hours = jdbc.queryForObject("SELECT COUNT(*) FROM run_hour WHERE tenant_id = ?", Long.class, TENANT);
            long questionRows = jdbc.queryForObject("SELECT COUNT(*) FROM question_day WHERE tenant_id = ?", Long.class, TENANT);
            System.out.printf(Locale.ROOT, "%n[health benchmark, %s] %,d runs summed in %.1f s (%,.0f runs/s): %,d hourly rows, "
                            + "%,d question-day rows%n", name(), RUNS, seedSeconds, RUNS / seedSeconds, hours, questionRows);
            time("30 days, daily buckets", () -> health.health(TENANT, start, end, Duration.ofDays(1)));
            time("30 days, hourly buckets", () -> health.health(TENANT, start, end, Duration.ofHours(1)));
            time("24 hours, hourly buckets", () -> health.health(TENANT, end.minus(Duration.ofHours(24)), end, Duration.ofHours(1)));
            long runs = health.health(TENANT, start, end, Duration.ofDays(1)).totals().runs();
            System.out.printf(Locale.ROOT, "[health benchmark, %s] the 30-day query counts %,d runs%n", name(), runs);
        }

        private void seed(Instant start) {
            Random random = new Random(42);
            long spanSeconds = Duration.ofDays(DAYS).toSeconds();
            List<RunRecord> batch = new ArrayList<>(10_000);
            for (int i = 0; i < RUNS; i++) {
                RunRecord r = new RunRecord();
                r.id = UUID.randomUUID().toString();
                r.tenantId = TENANT;
                r.createdAt = start.plusSeconds((long) (random.nextDouble() * spanSeconds));
                // a long tail: question k is asked about 1/k as often as the first
                int question = (int) Math.min(QUESTIONS - 1, Math.floor(Math.exp(random.nextDouble() * Math.log(QUESTIONS))) - 1);
                r.question = "Benchmark question number " + question + "?";
                r.mode = "CORRECTIVE";
                double p = random.nextDouble();
                r.action = p < 0.6 ? "CORRECT" : p < 0.8 ? "AMBIGUOUS" : p < 0.97 ? "INCORRECT" : null;
                r.abstained = "INCORRECT".equals(r.action) && random.nextBoolean();
                r.fallback = "AMBIGUOUS".equals(r.action) || ("INCORRECT".equals(r.action) && !r.abstained);
                r.degraded = random.nextDouble() < 0.01;
                if (!r.abstained && r.action != null) {
                    r.support = 0.5 + random.nextDouble() / 2;
                    r.usefulness = 2 + random.nextInt(4);
                }
                r.feedback = random.nextDouble() < 0.05 ? (random.nextDouble() < 0.7 ? "helpful" : "not_helpful") : null;
                r.totalMillis = 5 + Math.abs(random.nextGaussian()) * 40 + (r.fallback ? 30 : 0);
                batch.add(r);
                if (batch.size() == 10_000) {
                    rollups.record(batch);
                    batch.clear();
                }
            }
            rollups.record(batch);
        }

        private void time(String what, Runnable query) {
            for (int i = 0; i < 5; i++) {
                query.run(); // warm-up
            }
            double[] millis = new double[40];
            for (int i = 0; i < millis.length; i++) {
                long t = System.nanoTime();
                query.run();
                millis[i] = (System.nanoTime() - t) / 1e6;
            }
            Arrays.sort(millis);
            System.out.printf(Locale.ROOT, "[health benchmark, %s] %s: p50 %.1f ms, p95 %.1f ms, max %.1f ms%n", name(), what,
                    millis[millis.length / 2], millis[(int) Math.ceil(0.95 * millis.length) - 1], millis[millis.length - 1]);
        }
    }

    @Nested
    @SpringBootTest
    class OnH2 extends Database {

        @DynamicPropertySource
        static void host(DynamicPropertyRegistry registry) throws IOException {
            Path data = Files.createTempDirectory(Path.of("target"), "health-bench").toAbsolutePath();
            registry.add("corrigo.data-dir", data::toString);
            registry.add("corrigo.plugins-dir", () -> Path.of("target", "plugins").toAbsolutePath().toString());
            registry.add("corrigo.demo.enabled", () -> "false");
        }

        @Override
        String name() {
            return "H2";
        }
    }

    private static EmbeddedPostgres postgres;

    private static synchronized EmbeddedPostgres postgres() {
        if (postgres == null) {
            try {
                postgres = EmbeddedPostgres.start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return postgres;
    }

    @AfterAll
    static void stopPostgres() throws IOException {
        if (postgres != null) {
            postgres.close();
        }
    }

    @Nested
    @SpringBootTest
    @ActiveProfiles("postgres")
    class OnPostgres extends Database {

        @DynamicPropertySource
        static void host(DynamicPropertyRegistry registry) throws IOException {
            registry.add("spring.datasource.url", () -> postgres().getJdbcUrl("postgres", "postgres"));
            registry.add("spring.datasource.username", () -> "postgres");
            registry.add("spring.datasource.password", () -> "");
            Path data = Files.createTempDirectory(Path.of("target"), "health-bench-pg").toAbsolutePath();
            registry.add("corrigo.data-dir", data::toString);
            registry.add("corrigo.plugins-dir", () -> Path.of("target", "plugins").toAbsolutePath().toString());
            registry.add("corrigo.demo.enabled", () -> "false");
        }

        @Override
        String name() {
            return "PostgreSQL";
        }
    }
}

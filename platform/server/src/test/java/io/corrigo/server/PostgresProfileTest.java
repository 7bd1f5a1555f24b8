package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.server.knowledge.DocumentView;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.knowledge.JobView;
import io.corrigo.server.pipeline.ActivePipeline;
import io.corrigo.server.pipeline.PipelineService;
import io.corrigo.server.run.QueryResponse;
import io.corrigo.server.run.QueryService;
import io.corrigo.server.run.RunFilter;
import io.corrigo.server.run.RunLog;
import io.corrigo.server.run.RunView;
import io.corrigo.server.tenant.TenantSchema;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.tenant.deletion.TenantDeletion;
import io.corrigo.server.problem.ServiceException;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The host on a real PostgreSQL (embedded binaries started by the test), with the {@code postgres} profile: the
 * Flyway migrations run, and every repository is used through its service.
 */
@SpringBootTest
@ActiveProfiles("postgres")
class PostgresProfileTest {

    private static final EmbeddedPostgres POSTGRES = start();

    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    TenantService tenants;
    @Autowired
    PipelineService pipelines;
    @Autowired
    IngestionService ingestion;
    @Autowired
    QueryService queries;
    @Autowired
    RunLog runs;
    @Autowired
    io.corrigo.server.health.HealthService health;
    @Autowired
    TenantDeletion deletion;

    private static EmbeddedPostgres start() {
        try {
            return EmbeddedPostgres.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) throws IOException {
        registry.add("spring.datasource.url", () -> POSTGRES.getJdbcUrl("postgres", "postgres"));
        registry.add("spring.datasource.username", () -> "postgres");
        registry.add("spring.datasource.password", () -> "");
        registry.add("corrigo.demo.enabled", () -> "false");
        registry.add("corrigo.plugins-dir", () -> Paths.get("target", "plugins").toAbsolutePath().toString());
        String data = Files.createDirectories(Paths.get("target", "test-data", "pg-" + UUID.randomUUID())).toAbsolutePath().toString();
        registry.add("corrigo.data-dir", () -> data);
    }

    @AfterAll
    static void stop() throws IOException {
        POSTGRES.close();
    }

    @Test
    void should_migrate_the_schema_on_postgresql() {
        assertThat(jdbc.queryForObject("select version()", String.class)).startsWith("PostgreSQL");
        List<String> tables = jdbc.queryForList(
                "select table_name from information_schema.tables where table_schema = 'public'", String.class);
        assertThat(tables).contains("tenant", "pipeline", "document", "run", "flyway_schema_history");
    }

    @Test
    void should_store_tenants_pipeline_versions_documents_and_runs_on_postgresql() {
        // given
        tenants.create("pg-a", "Tenant A");
        tenants.create("pg-b", "Tenant B");
        ActivePipeline first = pipelines.active("pg-a");
        ActivePipeline second = pipelines.save("pg-a", first.definition());

        // when
        JobView job = ingestion.submit("pg-a", List.of(new IngestionService.Upload("notes.md", "text/markdown",
                "# Notes\n\nThe Orrery project ships on the third Tuesday of every month.".getBytes(StandardCharsets.UTF_8))));
        DocumentView document = ingestion.await("pg-a", job.id(), java.time.Duration.ofMinutes(2)).documents().get(0);
        QueryResponse answer = queries.ask("pg-a", "When does the Orrery project ship?");

        // then
        assertThat(second.version()).isEqualTo(2);
        assertThat(pipelines.active("pg-a").version()).isEqualTo(2);
        assertThat(jdbc.queryForObject("select count(*) from pipeline where tenant_id = 'pg-a' and active", Integer.class)).isEqualTo(1);
        assertThat(document.status()).isEqualTo("INDEXED");
        assertThat(ingestion.list("pg-a")).extracting(DocumentView::id).containsExactly(document.id());
        assertThat(ingestion.list("pg-b")).isEmpty();
        assertThat(answer.answer()).contains("third Tuesday");
        RunView run = runs.run("pg-a", answer.runId());
        assertThat(run.trace().retrieved()).isNotEmpty();
        runs.feedback("pg-a", answer.runId(), "helpful", "spot on", null);
        assertThat(runs.list("pg-a", new RunFilter("CORRECT", false, null, null, "helpful"), 0, 10).items())
                .extracting(RunView::id).containsExactly(answer.runId());
        assertThat(runs.list("pg-a", new RunFilter(null, null, null, null, "none"), 0, 10).total()).isZero();
        assertThatThrownBy(() -> runs.run("pg-b", answer.runId())).isInstanceOf(ServiceException.class);

        // the health sums follow on PostgreSQL too: the run and its rating, from the hourly rows
        io.corrigo.server.health.HealthService.Figures health = this.health.health("pg-a", null, null, null).totals();
        assertThat(health.runs()).isEqualTo(1);
        assertThat(health.rated()).isEqualTo(1);
        assertThat(health.helpfulRate()).isEqualTo(1.0);
        assertThat(this.health.health("pg-a", null, null, null).topQuestions()).singleElement()
                .satisfies(q -> assertThat(q.question()).isEqualTo("When does the Orrery project ship?"));
    }

    @Test
    void should_delete_a_fully_populated_tenant_leaving_no_row_in_any_table_with_a_tenant_id_on_postgresql() {
        // given: a tenant with a document, a run and a row in every other table with a tenant_id
        tenants.create("pg-gone", "Deleted");
        tenants.create("pg-kept", "Kept");
        JobView job = ingestion.submit("pg-gone", List.of(new IngestionService.Upload("notes.md", "text/markdown",
                "# Notes\n\nThe Orrery project ships on the third Tuesday of every month.".getBytes(StandardCharsets.UTF_8))));
        ingestion.await("pg-gone", job.id(), java.time.Duration.ofMinutes(2));
        queries.ask("pg-gone", "When does the Orrery project ship?");
        TenantSchema schema = new TenantSchema(jdbc);
        java.util.Set<String> unowned = new java.util.TreeSet<>(schema.tenantTables());
        unowned.removeAll(TenantSchema.owned(deletion.owners()));
        assertThat(unowned).as("tables with a tenant_id that no owner names").containsExactly(TenantSchema.AUDIT);
        schema.fillEmpty("pg-gone");
        schema.fillEmpty("pg-kept");
        assertThat(schema.rows("pg-gone")).allSatisfy((table, rows) -> assertThat(rows).as(table).isPositive());

        // when
        deletion.delete("pg-gone", "pg-gone");

        // then: nothing of it is left but the audit log's record; the other tenant keeps all of its rows
        assertThat(schema.rows("pg-gone")).allSatisfy((table, rows) -> assertThat(rows).as(table)
                .isEqualTo(table.equals(TenantSchema.AUDIT) ? rows : 0L));
        assertThat(schema.rows("pg-gone").get(TenantSchema.AUDIT)).isPositive();
        assertThat(schema.rows("pg-kept")).allSatisfy((table, rows) -> assertThat(rows).as(table).isPositive());
    }
}

package io.corrigo.server.tenant.deletion;

import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.CorrigoProperties;
import io.corrigo.server.impact.BlastRadius;
import io.corrigo.server.security.TenantAccess;
import io.corrigo.server.pipeline.PipelineRuntimes;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.resilience.PluginGuards;
import io.corrigo.server.run.RunLog;
import io.corrigo.server.tenant.TenantService;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Deletes a tenant and everything it owns, for good: its pipeline versions, documents and their chunk edits,
 * ingestion jobs, knowledge bases, API keys and their rate windows, runs, conversations, admins' assignments to it,
 * and its directory (uploads and every plugin's index). The tenant is disabled first, so that queries stop and its
 * ingestion jobs cancel themselves; its open plugin instances are closed before their files are removed. The rows go
 * in one transaction: a failure leaves the tenant whole (disabled), never half deleted.
 */
@Service
public class TenantDeletion {

    private static final Logger log = LoggerFactory.getLogger(TenantDeletion.class);
    private static final Duration JOBS_STOP = Duration.ofSeconds(15);

    /** Tables with a {@code tenant_id} column, in the order their rows are deleted (children first). */
    static final List<String> TENANT_TABLES = List.of("conversation", "run", "run_hour", "question_day", "question_text", "document",
            "ingestion_job", "knowledge_base", "api_key", "admin_user_tenant", "admin_token_tenant", "tenant_health", "webhook_delivery",
            "health_alert", "health_alert_state", "tenant_webhook", "evaluation", "eval_case", "eval_schedule", "usage_day", "tenant_budget", "pipeline");

    private final TenantService tenants;
    private final PipelineRuntimes runtimes;
    private final PluginGuards guards;
    private final RunLog runs;
    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final Path dataDir;
    private final Clock clock;
    private final BlastRadius radius;
    private final TenantAccess access;

    private final AuditLog audit;

    TenantDeletion(AuditLog audit, BlastRadius radius, TenantAccess access, TenantService tenants, PipelineRuntimes runtimes, PluginGuards guards, RunLog runs, JdbcTemplate jdbc,
                   TransactionTemplate transaction, CorrigoProperties properties, Clock clock) {
        this.audit = audit;
        this.radius = radius;
        this.access = access;
        this.tenants = tenants;
        this.runtimes = runtimes;
        this.guards = guards;
        this.runs = runs;
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.dataDir = properties.dataDir();
        this.clock = clock;
    }

    /**
     * Deletes the tenant. {@code confirmation} must be the tenant's id, typed by the admin.
     *
     * @throws ServiceException 400 when the confirmation does not match, 404 for an unknown tenant
     */
    public BlastRadius.TenantImpact delete(String tenantId, String confirmation) {
        if (access.current().isPresent()) {
            access.requirePlatformAdmin(); // whatever entry point: a signed-in tenant admin deletes no tenant
        }
        tenants.find(tenantId);
        if (confirmation == null || !confirmation.strip().equals(tenantId)) {
            throw ServiceException.invalid("confirmation_mismatch",
                    "To delete the tenant, type its id '" + tenantId + "' exactly.");
        }
        BlastRadius.TenantImpact impact = radius.tenant(tenantId);
        tenants.update(tenantId, null, false); // queries stop; its ingestion jobs cancel within a batch
        awaitJobsStopped(tenantId);
        runs.flushWrites();
        runtimes.forget(tenantId);
        List<String> keyIds = jdbc.queryForList("SELECT id FROM api_key WHERE tenant_id = ?", String.class, tenantId);
        transaction.executeWithoutResult(status -> {
            for (String key : keyIds) {
                jdbc.update("DELETE FROM rate_window WHERE subject LIKE ?", "key:" + escapeLike(key) + "@%");
            }
            jdbc.update("DELETE FROM rate_window WHERE subject LIKE ?", "ip:" + escapeLike(tenantId) + ":%");
            for (String table : TENANT_TABLES) {
                jdbc.update("DELETE FROM " + table + " WHERE tenant_id = ?", tenantId);
            }
            tenants.deleteRow(tenantId);
            audit.record("tenant.delete", tenantId, tenantId, impact, null);
        });
        guards.forget(tenantId);
        runtimes.forget(tenantId); // a query that raced the disabling may have opened it again
        deleteDirectory(dataDir.resolve("tenants").resolve(tenantId));
        log.info("Tenant {} deleted: {} documents, {} runs, {} keys", tenantId, impact.documents(), impact.runs(), impact.keys());
        return impact;
    }

    private void awaitJobsStopped(String tenantId) {
        Instant deadline = clock.instant().plus(JOBS_STOP);
        while (jdbc.queryForObject("SELECT COUNT(*) FROM ingestion_job WHERE tenant_id = ? AND state = 'RUNNING'",
                Long.class, tenantId) > 0) {
            if (clock.instant().isAfter(deadline)) {
                throw ServiceException.conflict("ingestion_running", "An ingestion job of tenant '" + tenantId
                        + "' is still running; the tenant is disabled now, try deleting it again in a minute.");
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }

    private static String escapeLike(String value) {
        return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    private static void deleteDirectory(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("The tenant's rows are deleted, but its directory " + directory
                    + " could not be removed completely: " + e.getMessage(), e);
        }
    }
}

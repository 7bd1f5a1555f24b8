package io.corrigo.server.knowledge;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.tenant.TenantTables;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * A tenant's documents (their chunk edits go with them), ingestion jobs and knowledge bases. Before deletion it waits
 * for the tenant's running ingestion jobs to stop (a disabled tenant's jobs cancel themselves within a batch). The
 * files and every plugin's index live in the tenant's directory, which the deletion removes as a whole.
 */
@Component
@Order(1) // first: its running jobs stop before any other owner closes what they write to
class KnowledgeData extends TenantTables {

    static final Duration JOBS_STOP = Duration.ofSeconds(15);

    private final Clock clock;

    KnowledgeData(JdbcTemplate jdbc, Clock clock) {
        super(jdbc, "documents", "document", "ingestion_job", "knowledge_base");
        this.clock = clock;
    }

    @Override
    public void beforeDelete(String tenantId) {
        Instant deadline = clock.instant().plus(JOBS_STOP);
        while (jdbc.queryForObject("SELECT COUNT(*) FROM ingestion_job WHERE tenant_id = ? AND state = 'RUNNING'",
                Long.class, tenantId) > 0) {
            if (clock.instant().isAfter(deadline)) {
                throw ServiceException.conflict(ErrorCode.INGESTION_RUNNING, "An ingestion job of tenant '" + tenantId
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
}

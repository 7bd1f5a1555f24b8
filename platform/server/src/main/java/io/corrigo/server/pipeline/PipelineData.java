package io.corrigo.server.pipeline;

import io.corrigo.server.tenant.TenantTables;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * A tenant's pipeline versions and drafts, and its open pipeline: closed before the rows go (so that its plugins
 * release their index files) and again after (a query that raced the disabling may have opened it anew).
 */
@Component
@Order(100) // last before the rows: the pipeline's plugin instances close once nothing works with them
class PipelineData extends TenantTables {

    private final PipelineRuntimes runtimes;

    PipelineData(JdbcTemplate jdbc, PipelineRuntimes runtimes) {
        super(jdbc, "pipeline versions", "pipeline");
        this.runtimes = runtimes;
    }

    @Override
    public void beforeDelete(String tenantId) {
        runtimes.forget(tenantId);
    }

    @Override
    public void afterDelete(String tenantId) {
        runtimes.forget(tenantId);
    }
}

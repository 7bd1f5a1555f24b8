package io.corrigo.server.run;

import io.corrigo.server.Sql;
import io.corrigo.server.tenant.TenantTables;
import java.time.Clock;
import java.time.Duration;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** A tenant's runs and the hourly and daily sums drawn from them; buffered run writes are flushed before deletion. */
@Component
@Order(2) // after ingestion: buffered runs are flushed before the rows go
class RunData extends TenantTables {

    private final RunLog runs;
    private final Clock clock;

    RunData(JdbcTemplate jdbc, RunLog runs, Clock clock) {
        super(jdbc, "runs", "run", "run_hour", "question_day", "question_text");
        this.runs = runs;
        this.clock = clock;
    }

    @Override
    public long lastHour(String tenantId) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM run WHERE tenant_id = ? AND created_at >= ?", Long.class,
                tenantId, Sql.utc(clock.instant().minus(Duration.ofHours(1))));
    }

    @Override
    public void beforeDelete(String tenantId) {
        runs.flushWrites();
    }
}

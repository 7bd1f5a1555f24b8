package io.corrigo.server.cost;

import io.corrigo.server.tenant.TenantTables;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** A tenant's daily usage and spend, and its budget with the month's ledger. */
@Component
class CostData extends TenantTables {

    CostData(JdbcTemplate jdbc) {
        super(jdbc, "days of usage", "usage_day", "tenant_budget");
    }
}

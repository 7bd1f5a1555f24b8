package io.corrigo.server.health;

import io.corrigo.server.tenant.TenantTables;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** A tenant's health alerts with their delivery attempts, the watched levels, its bands and its alert webhook. */
@Component
class HealthData extends TenantTables {

    HealthData(JdbcTemplate jdbc) {
        super(jdbc, "health alerts", "health_alert", "webhook_delivery", "health_alert_state", "tenant_webhook", "tenant_health");
    }

    @Override
    public void delete(String tenantId) {
        // deliveries reference their alert: they go first, whatever the order the tables are counted in
        jdbc.update("DELETE FROM webhook_delivery WHERE tenant_id = ?", tenantId);
        super.delete(tenantId);
    }
}

package io.corrigo.server.connector;

import io.corrigo.server.tenant.TenantTables;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** A tenant's connectors and what they synced go with the tenant (the documents go with the knowledge base). */
@Component
class ConnectorData extends TenantTables {

    ConnectorData(JdbcTemplate jdbc) {
        super(jdbc, "connectors", "connector", "connector_item");
    }

    @Override
    public void delete(String tenantId) {
        jdbc.update("DELETE FROM connector_item WHERE tenant_id = ?", tenantId);
        jdbc.update("DELETE FROM connector WHERE tenant_id = ?", tenantId);
    }
}

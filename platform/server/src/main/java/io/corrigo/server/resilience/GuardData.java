package io.corrigo.server.resilience;

import io.corrigo.server.tenant.TenantOwned;
import java.util.List;
import org.springframework.stereotype.Component;

/** A tenant's circuit breakers and Retry-After marks, kept in memory only: forgotten once the tenant is deleted. */
@Component
class GuardData implements TenantOwned {

    private final PluginGuards guards;

    GuardData(PluginGuards guards) {
        this.guards = guards;
    }

    @Override
    public String what() {
        return "circuit breakers";
    }

    @Override
    public List<String> tables() {
        return List.of();
    }

    @Override
    public long count(String tenantId) {
        return 0;
    }

    @Override
    public void delete(String tenantId) {
    }

    @Override
    public void afterDelete(String tenantId) {
        guards.forget(tenantId);
    }
}

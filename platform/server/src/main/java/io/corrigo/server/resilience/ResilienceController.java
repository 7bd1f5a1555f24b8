package io.corrigo.server.resilience;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.problem.ServiceException;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/** Circuit breakers and their recent failures; a manual reset. */
@RestController
class ResilienceController {

    private final PluginGuards guards;
    private final TenantService tenants;

    ResilienceController(PluginGuards guards, TenantService tenants) {
        this.guards = guards;
        this.tenants = tenants;
    }

    /** Every guard of the tenants the signed-in admin may see. */
    @GetMapping("/api/v1/resilience")
    List<GuardStatus> all() {
        return guards.status(null); // the service keeps to the caller's reach
    }

    @GetMapping("/api/v1/tenants/{tenant}/resilience")
    List<GuardStatus> tenant(@PathVariable String tenant) {
        tenants.require(tenant);
        return guards.status(tenant);
    }

    @PostMapping("/api/v1/tenants/{tenant}/resilience/{provider}/reset")
    List<GuardStatus> reset(@PathVariable String tenant, @PathVariable String provider) {
        tenants.require(tenant);
        if (!guards.reset(tenant, provider)) {
            throw ServiceException.notFound(ErrorCode.GUARD_NOT_FOUND, "Tenant '" + tenant + "' has no guard for provider '" + provider + "'.");
        }
        return guards.status(tenant);
    }
}

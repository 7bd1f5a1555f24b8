package io.corrigo.server.tenant.deletion;

import io.corrigo.server.security.TenantAccess;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/tenants/{tenant}}: what deleting or disabling the tenant affects, and deleting it (platform admins;
 * {@code confirm} must repeat the tenant's id).
 */
@RestController
class TenantDeletionController {

    private final TenantDeletion deletion;
    private final TenantAccess access;

    TenantDeletionController(TenantDeletion deletion, TenantAccess access) {
        this.deletion = deletion;
        this.access = access;
    }

    @GetMapping("/api/v1/tenants/{tenant}/impact")
    TenantImpact impact(@PathVariable String tenant) {
        access.requirePlatformAdmin();
        return deletion.impact(tenant);
    }

    /** Deletes the tenant with everything it owns; returns what was deleted. */
    @DeleteMapping("/api/v1/tenants/{tenant}")
    TenantImpact delete(@PathVariable String tenant, @RequestParam(required = false) String confirm) {
        access.requirePlatformAdmin();
        return deletion.delete(tenant, confirm);
    }
}

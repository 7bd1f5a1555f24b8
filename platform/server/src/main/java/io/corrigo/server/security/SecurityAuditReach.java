package io.corrigo.server.security;

import io.corrigo.server.audit.AuditReach;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Component;

/** The audit log's reach of the admin signed in on this thread: all for a platform admin, their tenants otherwise. */
@Component
class SecurityAuditReach implements AuditReach {

    private final TenantAccess access;

    SecurityAuditReach(TenantAccess access) {
        this.access = access;
    }

    @Override
    public Optional<Set<String>> tenantsOnly() {
        return access.current().map(admin -> admin.role() == Role.PLATFORM_ADMIN
                ? Optional.<Set<String>>empty() : Optional.of(admin.tenants())).orElse(Optional.of(Set.of()));
    }
}

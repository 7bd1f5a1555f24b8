package io.corrigo.server.tenant;

import java.time.Instant;

/** A tenant as the API shows it. */
public record TenantView(String id, String name, boolean enabled, Instant createdAt) {

    static TenantView of(Tenant tenant) {
        return new TenantView(tenant.getId(), tenant.getName(), tenant.isEnabled(), tenant.getCreatedAt());
    }
}

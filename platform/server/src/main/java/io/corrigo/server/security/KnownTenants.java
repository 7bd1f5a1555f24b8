package io.corrigo.server.security;

/**
 * Which tenants exist, as the admin-user checks need it: implemented by the tenant feature, so security does not
 * depend on it (tenant controllers depend on security's access checks, not the other way round).
 */
public interface KnownTenants {

    /** Whether a tenant with this id exists. */
    boolean exists(String tenantId);
}

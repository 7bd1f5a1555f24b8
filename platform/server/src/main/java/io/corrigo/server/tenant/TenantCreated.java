package io.corrigo.server.tenant;

/** Published in the creating transaction when a tenant is created, so other features can set it up. */
public record TenantCreated(String tenantId) {
}

/**
 * Tenants: the unit of isolation. Every other feature keys its data by tenant id, and every path checks the
 * tenant exists and is enabled through {@link io.corrigo.server.tenant.TenantService#require(String)}.
 */
package io.corrigo.server.tenant;

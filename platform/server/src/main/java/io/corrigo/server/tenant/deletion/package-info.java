/**
 * Deleting a tenant with everything it owns: rows of every feature, files, index, keys, runs. The tenant feature's
 * named interface {@code deletion}: a feature that owns tenant data says what deleting a tenant removes of it
 * ({@link io.corrigo.server.tenant.deletion.TenantImpact}).
 */
@NamedInterface("deletion")
package io.corrigo.server.tenant.deletion;

import org.springframework.modulith.NamedInterface;

package io.corrigo.server.audit;

import java.util.Optional;
import java.util.Set;

/**
 * Whose audit entries the caller may read, as the security feature decides it: every entry (a platform admin), only
 * those of some tenants (a tenant admin), or none. An interface here so that the audit log needs nothing of the
 * security feature, which records into it.
 */
public interface AuditReach {

    /** Empty for all entries; else the tenants whose entries may be read (platform-wide entries are not among them). */
    Optional<Set<String>> tenantsOnly();
}

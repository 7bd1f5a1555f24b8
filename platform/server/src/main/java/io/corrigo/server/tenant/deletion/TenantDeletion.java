package io.corrigo.server.tenant.deletion;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.CorrigoProperties;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.security.TenantAccess;
import io.corrigo.server.tenant.TenantOwned;
import io.corrigo.server.tenant.TenantService;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Deletes a tenant and everything it owns, for good: whatever each feature declares as a {@link TenantOwned} (its
 * rows, its open resources), and the tenant's directory (uploads and every plugin's index). The tenant is disabled
 * first, so that queries stop and its ingestion jobs cancel themselves; every owner then gets to stop its work, the
 * rows of all owners go in one transaction — a failure leaves the tenant whole (disabled), never half deleted — and
 * every owner forgets what it held in memory. The audit log keeps its record of the tenant, on purpose.
 */
@Service
public class TenantDeletion {

    private static final Logger log = LoggerFactory.getLogger(TenantDeletion.class);

    private final TenantService tenants;
    private final List<TenantOwned> owners;
    private final TransactionTemplate transaction;
    private final Path dataDir;
    private final TenantAccess access;
    private final AuditLog audit;

    TenantDeletion(AuditLog audit, TenantAccess access, TenantService tenants, List<TenantOwned> owners,
                   TransactionTemplate transaction, CorrigoProperties properties) {
        this.audit = audit;
        this.access = access;
        this.tenants = tenants;
        this.owners = List.copyOf(owners);
        this.transaction = transaction;
        this.dataDir = properties.dataDir();
    }

    /** Every feature's owner of tenant data. */
    public List<TenantOwned> owners() {
        return owners;
    }

    /** What the tenant holds now. @throws ServiceException 404 */
    public TenantImpact impact(String tenantId) {
        tenants.find(tenantId);
        Map<String, Long> holdings = new LinkedHashMap<>();
        long lastHour = 0;
        for (TenantOwned owner : owners) {
            if (!owner.tables().isEmpty()) {
                holdings.merge(owner.what(), owner.count(tenantId), Long::sum);
            }
            if (owner.what().equals(TenantImpact.RUNS)) {
                lastHour += owner.lastHour(tenantId);
            }
        }
        return TenantImpact.of(tenantId, holdings, lastHour);
    }

    /**
     * Deletes the tenant. {@code confirmation} must be the tenant's id, typed by the admin.
     *
     * @throws ServiceException 400 when the confirmation does not match, 404 for an unknown tenant
     */
    public TenantImpact delete(String tenantId, String confirmation) {
        if (access.current().isPresent()) {
            access.requirePlatformAdmin(); // whatever entry point: a signed-in tenant admin deletes no tenant
        }
        tenants.find(tenantId);
        if (confirmation == null || !confirmation.strip().equals(tenantId)) {
            throw ServiceException.invalid(ErrorCode.CONFIRMATION_MISMATCH,
                    "To delete the tenant, type its id '" + tenantId + "' exactly.");
        }
        TenantImpact impact = impact(tenantId);
        tenants.update(tenantId, null, false); // queries stop; its ingestion jobs cancel within a batch
        owners.forEach(owner -> owner.beforeDelete(tenantId));
        transaction.executeWithoutResult(status -> {
            owners.forEach(owner -> owner.delete(tenantId));
            tenants.deleteRow(tenantId);
            audit.record("tenant.delete", tenantId, tenantId, impact, null);
        });
        owners.forEach(owner -> owner.afterDelete(tenantId));
        deleteDirectory(dataDir.resolve("tenants").resolve(tenantId));
        log.info("Tenant {} deleted: {}", tenantId, impact.holdings());
        return impact;
    }

    private static void deleteDirectory(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("The tenant's rows are deleted, but its directory " + directory
                    + " could not be removed completely: " + e.getMessage(), e);
        }
    }
}

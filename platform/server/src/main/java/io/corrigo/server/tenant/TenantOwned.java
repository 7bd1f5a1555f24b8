package io.corrigo.server.tenant;

import java.util.List;

/**
 * What a feature keeps for a tenant, so that deleting the tenant leaves nothing of it and a confirmation dialog can
 * say what goes. Each feature that stores rows keyed by {@code tenant_id} (or holds per-tenant resources in memory)
 * declares one owner, in its own package, as a Spring bean; deletion and the blast radius iterate every owner. A
 * schema test fails for any table with a {@code tenant_id} column that no owner names.
 *
 * <p>Deleting a tenant calls, for every owner, {@link #beforeDelete} (the tenant is disabled by then: stop work,
 * flush writes), then {@link #delete} inside one transaction with every other owner's, then {@link #afterDelete}
 * (forget caches and open resources). Owners are called in their Spring {@code @Order}: ingestion first (its jobs
 * stop before anything they write to closes), the pipeline's open instances last. Most owners extend
 * {@link TenantTables}.
 */
public interface TenantOwned {

    /** What it holds, as a plural noun for a confirmation dialog ("documents", "runs"). */
    String what();

    /**
     * The tables holding the tenant's rows in a {@code tenant_id} column, in the order {@link #delete} empties them
     * (children before parents). Empty for an owner of in-memory resources only.
     */
    List<String> tables();

    /** How many it holds for the tenant (0 for an owner of in-memory resources only). */
    long count(String tenantId);

    /** How many of them arrived in the last hour: the traffic a disabled tenant turns away (0 when not kept). */
    default long lastHour(String tenantId) {
        return 0;
    }

    /** Before the rows go, with the tenant already disabled: wait for running work, flush buffered writes. */
    default void beforeDelete(String tenantId) {
    }

    /** Deletes the tenant's rows, inside the deletion's one transaction: a failure leaves every row in place. */
    void delete(String tenantId);

    /** After the rows are gone: forget caches, close what was open for the tenant. */
    default void afterDelete(String tenantId) {
    }
}

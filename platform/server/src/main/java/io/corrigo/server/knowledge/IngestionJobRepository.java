package io.corrigo.server.knowledge;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;
import org.springframework.transaction.annotation.Transactional;

interface IngestionJobRepository extends JpaRepository<IngestionJob, String> {

    Optional<IngestionJob> findByIdAndTenantId(String id, String tenantId);

    List<IngestionJob> findByTenantIdOrderByCreatedAtDesc(String tenantId);

    List<IngestionJob> findByStateInOrderByCreatedAt(List<IngestionJob.State> states);

    /**
     * Claims an open job for {@code host}: succeeds when nobody holds it, {@code host} already does, or the holder's
     * lease ran out (no heartbeat since {@code staleBefore}). Atomic in the database: of several hosts claiming at
     * once, one gets 1, the others 0.
     */
    @Modifying(clearAutomatically = true, flushAutomatically = true)
    @Transactional
    @Query("""
            update IngestionJob j set j.claimedBy = :host, j.heartbeatAt = :now
            where j.id = :id and j.state in :open
              and (j.claimedBy is null or j.claimedBy = :host or j.heartbeatAt is null or j.heartbeatAt < :staleBefore)""")
    int claim(@Param("id") String id, @Param("host") String host, @Param("now") Instant now,
              @Param("staleBefore") Instant staleBefore, @Param("open") List<IngestionJob.State> open);

    /** Renews {@code host}'s lease on a job it holds. @return 0 when it does not hold it (any more) */
    @Modifying(clearAutomatically = true, flushAutomatically = true)
    @Transactional
    @Query("update IngestionJob j set j.heartbeatAt = :now where j.id = :id and j.claimedBy = :host")
    int heartbeat(@Param("id") String id, @Param("host") String host, @Param("now") Instant now);
}

package io.corrigo.server.run;

import java.time.Instant;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

interface RunRepository extends JpaRepository<RunRecord, String>, JpaSpecificationExecutor<RunRecord> {

    Optional<RunRecord> findByIdAndTenantId(String id, String tenantId);

    long countByTenantIdAndKeyIdAndCreatedAtGreaterThanEqual(String tenantId, String keyId, Instant since);

    @Modifying
    @Query("delete from RunRecord r where r.createdAt < :cutoff")
    int deleteCreatedBefore(@Param("cutoff") Instant cutoff);
}

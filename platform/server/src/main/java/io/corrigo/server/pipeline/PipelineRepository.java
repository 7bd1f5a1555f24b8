package io.corrigo.server.pipeline;

import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

interface PipelineRepository extends JpaRepository<PipelineVersion, Long> {

    Optional<PipelineVersion> findByTenantIdAndActiveTrue(String tenantId);

    Optional<PipelineVersion> findFirstByTenantIdOrderByVersionDesc(String tenantId);

    java.util.List<PipelineVersion> findByTenantIdOrderByVersionDesc(String tenantId);

    Optional<PipelineVersion> findByTenantIdAndVersion(String tenantId, int version);

    @Query("select p.version from PipelineVersion p where p.tenantId = :tenantId and p.active = true")
    Optional<Integer> findActiveVersion(@Param("tenantId") String tenantId);
}

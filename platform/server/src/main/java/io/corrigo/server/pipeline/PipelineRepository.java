package io.corrigo.server.pipeline;

import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

interface PipelineRepository extends JpaRepository<PipelineVersion, Long> {

    Optional<PipelineVersion> findByTenantIdAndActiveTrue(String tenantId);

    Optional<PipelineVersion> findFirstByTenantIdOrderByVersionDesc(String tenantId);
}

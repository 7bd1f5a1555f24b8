package io.corrigo.server.knowledge;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

interface IngestionJobRepository extends JpaRepository<IngestionJob, String> {

    Optional<IngestionJob> findByIdAndTenantId(String id, String tenantId);

    List<IngestionJob> findByTenantIdOrderByCreatedAtDesc(String tenantId);

    List<IngestionJob> findByStateInOrderByCreatedAt(List<IngestionJob.State> states);
}

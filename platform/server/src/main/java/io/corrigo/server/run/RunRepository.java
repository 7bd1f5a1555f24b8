package io.corrigo.server.run;

import java.util.List;
import java.util.Optional;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;

interface RunRepository extends JpaRepository<RunRecord, String> {

    Optional<RunRecord> findByIdAndTenantId(String id, String tenantId);

    List<RunRecord> findByTenantIdOrderByCreatedAtDesc(String tenantId, Pageable page);
}

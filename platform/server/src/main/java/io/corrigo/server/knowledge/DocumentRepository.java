package io.corrigo.server.knowledge;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

interface DocumentRepository extends JpaRepository<DocumentRecord, String> {

    List<DocumentRecord> findByTenantIdOrderByCreatedAtDesc(String tenantId);

    long countByTenantId(String tenantId);
}

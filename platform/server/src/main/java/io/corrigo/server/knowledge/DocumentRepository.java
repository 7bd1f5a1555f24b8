package io.corrigo.server.knowledge;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

interface DocumentRepository extends JpaRepository<DocumentRecord, String> {

    List<DocumentRecord> findByTenantIdOrderByCreatedAtDesc(String tenantId);

    Optional<DocumentRecord> findByIdAndTenantId(String id, String tenantId);

    Optional<DocumentRecord> findFirstByTenantIdAndKnowledgeBaseIdAndName(String tenantId, String knowledgeBaseId, String name);

    List<DocumentRecord> findByKnowledgeBaseId(String knowledgeBaseId);

    List<DocumentRecord> findByJobId(String jobId);
}

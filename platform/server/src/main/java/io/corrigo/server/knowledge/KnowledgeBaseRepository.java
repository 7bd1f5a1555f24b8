package io.corrigo.server.knowledge;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

interface KnowledgeBaseRepository extends JpaRepository<KnowledgeBase, String> {

    Optional<KnowledgeBase> findByTenantIdAndName(String tenantId, String name);

    List<KnowledgeBase> findByTenantIdOrderByName(String tenantId);
}

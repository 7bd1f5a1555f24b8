package io.corrigo.server.knowledge;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.tenant.TenantCreated;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.problem.ServiceException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * A tenant's knowledge bases. Every tenant has one named {@value #DEFAULT}, created with it; uploads that name no
 * knowledge base go there. All knowledge bases of a tenant are searched by its retriever; each chunks its documents
 * with its own settings.
 */
@Service
public class KnowledgeBases {

    public static final String DEFAULT = "default";
    static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,39}");

    private final KnowledgeBaseRepository repository;
    private final DocumentRepository documents;
    private final TenantService tenants;
    private final Clock clock;
    private final io.corrigo.server.audit.AuditLog audit;

    KnowledgeBases(KnowledgeBaseRepository repository, DocumentRepository documents, TenantService tenants, Clock clock,
                   io.corrigo.server.audit.AuditLog audit) {
        this.audit = audit;
        this.repository = repository;
        this.documents = documents;
        this.tenants = tenants;
        this.clock = clock;
    }

    @EventListener
    void onTenantCreated(TenantCreated event) {
        repository.save(new KnowledgeBase("kb-" + event.tenantId(), event.tenantId(), DEFAULT,
                IngestionService.MAX_CHUNK_WORDS, 0, clock.instant()));
    }

    /** Creates a knowledge base. @throws ServiceException 400 for bad settings, 409 for a taken name */
    @Transactional
    public KnowledgeBaseView create(String tenantId, String name, Integer maxChunkWords, Integer overlapSentences) {
        tenants.require(tenantId);
        List<String> problems = new ArrayList<>();
        if (name == null || !NAME.matcher(name).matches()) {
            problems.add("name: 1-40 lower-case letters, digits and dashes");
        }
        int words = maxChunkWords == null ? IngestionService.MAX_CHUNK_WORDS : maxChunkWords;
        int overlap = overlapSentences == null ? 0 : overlapSentences;
        if (words < 20 || words > 2000) {
            problems.add("maxChunkWords: must be between 20 and 2000, was " + words);
        }
        if (overlap < 0 || overlap > 10) {
            problems.add("overlapSentences: must be between 0 and 10, was " + overlap);
        }
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_KNOWLEDGE_BASE, "The knowledge base is not valid.", problems);
        }
        if (repository.findByTenantIdAndName(tenantId, name).isPresent()) {
            throw new ServiceException(ServiceException.Kind.CONFLICT, ErrorCode.KNOWLEDGE_BASE_EXISTS,
                    "Tenant '" + tenantId + "' already has a knowledge base '" + name + "'.", List.of());
        }
        KnowledgeBaseView created = view(repository.save(new KnowledgeBase("kb-" + tenantId + "-" + name, tenantId, name,
                words, overlap, clock.instant())));
        audit.record("knowledge-base.create", tenantId, name, null, created);
        return created;
    }

    /** The tenant's knowledge bases with their document and chunk counts. */
    @Transactional(readOnly = true)
    public List<KnowledgeBaseView> list(String tenantId) {
        tenants.require(tenantId);
        return repository.findByTenantIdOrderByName(tenantId).stream().map(this::view).toList();
    }

    /** The knowledge base {@code name} of the tenant ({@value #DEFAULT} when {@code null}). @throws ServiceException 404 */
    KnowledgeBase require(String tenantId, String name) {
        String wanted = name == null || name.isBlank() ? DEFAULT : name;
        return repository.findByTenantIdAndName(tenantId, wanted).orElseThrow(() -> ServiceException.notFound(
                ErrorCode.KNOWLEDGE_BASE_NOT_FOUND, "Tenant '" + tenantId + "' has no knowledge base '" + wanted + "'."));
    }

    KnowledgeBase byId(String id) {
        return repository.findById(id).orElseThrow(() -> new IllegalStateException("knowledge base " + id + " is gone"));
    }

    private KnowledgeBaseView view(KnowledgeBase kb) {
        List<DocumentRecord> docs = documents.findByKnowledgeBaseId(kb.id);
        long chunks = docs.stream().mapToLong(d -> d.view().chunkCount()).sum();
        return new KnowledgeBaseView(kb.id, kb.name, kb.maxChunkWords, kb.overlapSentences, docs.size(), chunks, kb.createdAt);
    }
}

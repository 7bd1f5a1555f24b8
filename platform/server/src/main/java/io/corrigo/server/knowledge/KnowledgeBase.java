package io.corrigo.server.knowledge;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A tenant's knowledge base: a named set of documents with its own chunking settings. */
@Entity
@Table(name = "knowledge_base")
class KnowledgeBase {

    @Id
    String id;

    @Column(name = "tenant_id", nullable = false)
    String tenantId;

    @Column(nullable = false)
    String name;

    @Column(name = "max_chunk_words", nullable = false)
    int maxChunkWords;

    @Column(name = "overlap_sentences", nullable = false)
    int overlapSentences;

    @Column(name = "created_at", nullable = false)
    Instant createdAt;

    protected KnowledgeBase() {
    }

    KnowledgeBase(String id, String tenantId, String name, int maxChunkWords, int overlapSentences, Instant createdAt) {
        this.id = id;
        this.tenantId = tenantId;
        this.name = name;
        this.maxChunkWords = maxChunkWords;
        this.overlapSentences = overlapSentences;
        this.createdAt = createdAt;
    }
}

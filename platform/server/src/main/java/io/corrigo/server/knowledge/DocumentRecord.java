package io.corrigo.server.knowledge;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Map;

/** An uploaded document of a tenant and what became of it. */
@Entity
@Table(name = "document")
class DocumentRecord {

    enum Status { QUEUED, INDEXING, INDEXED, FAILED }

    @Id
    private String id;

    @Column(name = "tenant_id", nullable = false)
    private String tenantId;

    @Column(nullable = false)
    private String name;

    @Column(name = "content_type", nullable = false)
    private String contentType;

    @Column(nullable = false)
    @jakarta.persistence.Enumerated(jakarta.persistence.EnumType.STRING)
    private Status status;

    @Column(name = "chunk_count", nullable = false)
    private int chunkCount;

    private String error;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    @Column(name = "job_id")
    private String jobId;

    @Column(name = "size_bytes")
    private Long sizeBytes;

    @Column(name = "knowledge_base_id")
    private String knowledgeBaseId;

    /** Comma-separated collection names (beside the knowledge base's). */
    @Column(nullable = false)
    private String collections = "";

    /** Comma-separated groups that may read the document; empty: everyone of the tenant. */
    @Column(name = "reader_groups", nullable = false)
    private String readerGroups = "";

    /** The metadata as a JSON object of strings, or {@code null}. */
    private String metadata;

    protected DocumentRecord() {
    }

    DocumentRecord(String id, String tenantId, String knowledgeBaseId, String name, String contentType, Instant now) {
        this.id = id;
        this.tenantId = tenantId;
        this.knowledgeBaseId = knowledgeBaseId;
        this.name = name;
        this.contentType = contentType;
        this.status = Status.QUEUED;
        this.createdAt = now;
        this.updatedAt = now;
    }

    /** Queued again by {@code jobId} (a re-upload or a re-index). */
    void queue(String job, String type, long size, Instant now) {
        this.jobId = job;
        this.contentType = type;
        this.sizeBytes = size;
        this.status = Status.QUEUED;
        this.chunkCount = 0;
        this.error = null;
        this.updatedAt = now;
    }

    void indexing(Instant now) {
        this.status = Status.INDEXING;
        this.updatedAt = now;
    }

    String id() {
        return id;
    }

    String name() {
        return name;
    }

    String jobId() {
        return jobId;
    }

    String knowledgeBaseId() {
        return knowledgeBaseId;
    }

    Status status() {
        return status;
    }

    void indexed(int chunks, Instant now) {
        this.status = Status.INDEXED;
        this.chunkCount = chunks;
        this.updatedAt = now;
    }

    void failed(String reason, Instant now) {
        this.status = Status.FAILED;
        this.chunkCount = 0;
        this.error = reason;
        this.updatedAt = now;
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    /** Where the document belongs and who may read it. */
    DocumentScope scope() {
        Map<String, String> values = new java.util.TreeMap<>();
        if (metadata != null && !metadata.isBlank()) {
            try {
                JSON.readTree(metadata).fields().forEachRemaining(e -> values.put(e.getKey(), e.getValue().asText()));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException("unreadable metadata of document " + id, e);
            }
        }
        return new DocumentScope(DocumentScope.split(collections), DocumentScope.split(readerGroups), values);
    }

    void scope(DocumentScope scope, Instant now) {
        this.collections = String.join(",", scope.collections());
        this.readerGroups = String.join(",", scope.groups());
        try {
            this.metadata = scope.metadata().isEmpty() ? null : JSON.writeValueAsString(scope.metadata());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        this.updatedAt = now;
    }

    Instant createdAt() {
        return createdAt;
    }

    DocumentView view() {
        DocumentScope scope = scope();
        return new DocumentView(id, knowledgeBaseId, name, contentType, status.name(), chunkCount, sizeBytes, jobId, error,
                createdAt, updatedAt, scope.collections(), scope.groups(), scope.metadata());
    }

    String tenantId() {
        return tenantId;
    }
}

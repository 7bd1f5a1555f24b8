package io.corrigo.server.knowledge;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

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

    DocumentView view() {
        return new DocumentView(id, knowledgeBaseId, name, contentType, status.name(), chunkCount, sizeBytes, jobId, error,
                createdAt, updatedAt);
    }

    String tenantId() {
        return tenantId;
    }
}

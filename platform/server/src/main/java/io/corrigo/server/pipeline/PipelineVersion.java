package io.corrigo.server.pipeline;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** One saved version of a tenant's pipeline; the definition is JSON. */
@Entity
@Table(name = "pipeline")
class PipelineVersion {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(name = "tenant_id", nullable = false)
    private String tenantId;

    @Column(nullable = false)
    private int version;

    @Column(nullable = false)
    private boolean active;

    @Column(nullable = false)
    private String definition;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "published_at")
    private Instant publishedAt;

    private String author;

    private String note;

    protected PipelineVersion() {
    }

    /** A new version: published (and active) at once, or a draft. */
    PipelineVersion(String tenantId, int version, String definition, Instant createdAt, boolean publish,
                    String author, String note) {
        this.tenantId = tenantId;
        this.version = version;
        this.active = publish;
        this.definition = definition;
        this.createdAt = createdAt;
        this.publishedAt = publish ? createdAt : null;
        this.author = author;
        this.note = note;
    }

    String tenantId() {
        return tenantId;
    }

    int version() {
        return version;
    }

    String definition() {
        return definition;
    }

    Instant createdAt() {
        return createdAt;
    }

    /** Replaces the stored definition (secrets encrypted in place). */
    void redefine(String newDefinition) {
        this.definition = newDefinition;
    }

    void deactivate() {
        this.active = false;
    }

    /** Makes this version the one queries run on (a draft's release, or a rollback to an earlier release). */
    void publish(Instant at) {
        this.active = true;
        this.publishedAt = at;
    }

    boolean active() {
        return active;
    }

    Instant publishedAt() {
        return publishedAt;
    }

    String author() {
        return author;
    }

    String note() {
        return note;
    }
}

package io.corrigo.server.knowledge;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A background ingestion job and its progress. */
@Entity
@Table(name = "ingestion_job")
class IngestionJob {

    enum State { QUEUED, RUNNING, DONE, FAILED }

    enum Kind { UPLOAD, REINDEX }

    @Id
    String id;

    @Column(name = "tenant_id", nullable = false)
    String tenantId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    Kind kind;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    State state;

    @Column(name = "documents_total", nullable = false)
    int documentsTotal;

    @Column(name = "documents_done", nullable = false)
    int documentsDone;

    @Column(name = "documents_failed", nullable = false)
    int documentsFailed;

    @Column(name = "chunks_total", nullable = false)
    int chunksTotal;

    @Column(name = "chunks_done", nullable = false)
    int chunksDone;

    @Column(name = "created_at", nullable = false)
    Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    Instant updatedAt;

    /** The host working on the job, or {@code null} before one claims it. */
    @Column(name = "claimed_by")
    String claimedBy;

    /** When the claiming host last said it is still working on the job. */
    @Column(name = "heartbeat_at")
    Instant heartbeatAt;

    protected IngestionJob() {
    }

    IngestionJob(String id, String tenantId, Kind kind, int documents, Instant now) {
        this.id = id;
        this.tenantId = tenantId;
        this.kind = kind;
        this.state = State.QUEUED;
        this.documentsTotal = documents;
        this.createdAt = now;
        this.updatedAt = now;
    }

    JobView view(java.util.List<DocumentView> documents) {
        double progress = chunksTotal > 0 ? (double) chunksDone / chunksTotal
                : documentsTotal > 0 ? (double) (documentsDone + documentsFailed) / documentsTotal : 1;
        return new JobView(id, tenantId, kind.name(), state.name(), documentsTotal, documentsDone, documentsFailed,
                chunksTotal, chunksDone, state == State.DONE ? 1.0 : Math.min(progress, 0.999), createdAt, updatedAt,
                claimedBy, documents);
    }
}

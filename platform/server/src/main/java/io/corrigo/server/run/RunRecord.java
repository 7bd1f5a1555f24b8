package io.corrigo.server.run;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.PostLoad;
import jakarta.persistence.PostPersist;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import java.time.Instant;
import org.springframework.data.domain.Persistable;

/**
 * One answered question; {@code trace} holds {answer, trace} as JSON. The id is assigned before saving, so the
 * entity says itself whether it is new: saving a run is one INSERT, not a SELECT to find out and then an INSERT.
 */
@Entity
@Table(name = "run")
class RunRecord implements Persistable<String> {

    @Id
    String id;

    @Column(name = "tenant_id", nullable = false)
    String tenantId;

    @Column(name = "pipeline_version", nullable = false)
    int pipelineVersion;

    @Column(nullable = false)
    String question;

    @Column(nullable = false)
    String mode;

    String action;

    @Column(nullable = false)
    boolean abstained;

    @Column(nullable = false)
    boolean degraded;

    @Column(nullable = false)
    String answer;

    @Column(name = "total_millis", nullable = false)
    double totalMillis;

    @Column(nullable = false)
    String trace;

    @Column(name = "created_at", nullable = false)
    Instant createdAt;

    /** whether the run searched the web fallback */
    @Column(nullable = false)
    boolean fallback;

    /** the served answer's mean sentence support from the critique, or null when it was not critiqued */
    Double support;

    /** the served answer's usefulness (1–5) from the critique, or null */
    Integer usefulness;

    /** the prompt and completion tokens the generator's provider reported; null when it reported none */
    @Column(name = "input_tokens")
    Integer inputTokens;

    @Column(name = "output_tokens")
    Integer outputTokens;

    /** the generator's model, as priced */
    String model;

    /** the price of the tokens by the host's price table; null without tokens */
    Double cost;

    /** where the question came from ({@link RunChannel}) */
    String channel;

    @Column(name = "key_id")
    String keyId;

    /** helpful, not_helpful, or null before any feedback */
    String feedback;

    @Column(name = "feedback_comment")
    String feedbackComment;

    @Column(name = "feedback_at")
    Instant feedbackAt;

    @Transient
    private boolean stored;

    protected RunRecord() {
    }

    @PostLoad
    @PostPersist
    void markStored() {
        stored = true;
    }

    @Override
    public String getId() {
        return id;
    }

    @Override
    public boolean isNew() {
        return !stored;
    }
}

package io.corrigo.server.pipeline;

import java.time.Instant;

/** The pipeline version a tenant's queries run on. */
public record ActivePipeline(String tenantId, int version, PipelineDefinition definition, Instant createdAt) {
}

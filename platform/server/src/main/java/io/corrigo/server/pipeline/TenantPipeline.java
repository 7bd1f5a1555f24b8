package io.corrigo.server.pipeline;

import io.corrigo.api.KnowledgeIndex;
import io.corrigo.engine.CorrectivePipeline;
import java.util.Optional;

/**
 * A tenant's running pipeline.
 *
 * @param tenantId the tenant
 * @param version  the pipeline version it was built from
 * @param pipeline the engine pipeline
 * @param index    the writable side of the retriever, or {@code null} when the retriever is read-only
 * @param generatorModel the generator's {@code model} setting (what its tokens are priced by), or its factory id
 */
public record TenantPipeline(String tenantId, int version, CorrectivePipeline pipeline, KnowledgeIndex index,
                             String generatorModel) {

    public Optional<KnowledgeIndex> knowledgeIndex() {
        return Optional.ofNullable(index);
    }
}

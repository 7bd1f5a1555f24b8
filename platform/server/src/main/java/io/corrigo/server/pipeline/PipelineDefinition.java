package io.corrigo.server.pipeline;

import io.corrigo.engine.PipelineSettings;
import java.util.Map;

/**
 * A pipeline: engine settings plus the plugin of each stage.
 *
 * @param settings thresholds, budgets and mode
 * @param stages   by stage key: {@code retriever}, {@code evaluator}, {@code generator} (required) and
 *                 {@code search} (optional: without it, INCORRECT means abstaining)
 */
public record PipelineDefinition(PipelineSettings settings, Map<String, StageConfig> stages) {

    public PipelineDefinition {
        stages = stages == null ? Map.of() : Map.copyOf(stages);
    }
}

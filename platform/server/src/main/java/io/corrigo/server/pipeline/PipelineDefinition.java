package io.corrigo.server.pipeline;

import io.corrigo.engine.PipelineSettings;
import io.corrigo.server.resilience.ResilienceSettings;
import java.util.Map;

/**
 * A pipeline: engine settings plus the plugin of each stage.
 *
 * @param settings thresholds, budgets and mode
 * @param stages   by stage key: {@code retriever}, {@code evaluator}, {@code generator} (required) and
 *                 {@code search} (optional: without it, INCORRECT means abstaining)
 * @param resilience how search calls are protected; {@link ResilienceSettings#DEFAULTS} when absent
 */
public record PipelineDefinition(PipelineSettings settings, Map<String, StageConfig> stages,
                                 ResilienceSettings resilience) {

    public PipelineDefinition {
        stages = stages == null ? Map.of() : Map.copyOf(stages);
        resilience = resilience == null ? ResilienceSettings.DEFAULTS : resilience;
    }

    public PipelineDefinition(PipelineSettings settings, Map<String, StageConfig> stages) {
        this(settings, stages, ResilienceSettings.DEFAULTS);
    }
}

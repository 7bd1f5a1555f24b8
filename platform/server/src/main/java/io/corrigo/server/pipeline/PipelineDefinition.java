package io.corrigo.server.pipeline;

import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.server.resilience.ResilienceSettings;
import java.util.Map;

/**
 * A pipeline: engine settings plus the plugin of each stage.
 *
 * @param settings thresholds, budgets and mode
 * @param stages   by stage key: {@code retriever}, {@code evaluator}, {@code generator} (required),
 *                 {@code search} (optional: without it, INCORRECT means abstaining), {@code critic} (optional:
 *                 without it, answers are not critiqued) and {@code rewriter} (optional: keywords otherwise)
 * @param resilience how search calls are protected; {@link ResilienceSettings#DEFAULTS} when absent
 * @param models   how model calls (generator, evaluator, critic, rewriter plugins that leave the process) are
 *                 protected; {@link ResilienceSettings#MODEL_DEFAULTS} when absent
 */
public record PipelineDefinition(PipelineSettings settings, Map<String, StageConfig> stages,
                                 ResilienceSettings resilience, ResilienceSettings models) {

    public PipelineDefinition {
        stages = stages == null ? Map.of() : Map.copyOf(stages);
        resilience = resilience == null ? ResilienceSettings.DEFAULTS : resilience;
        models = models == null ? ResilienceSettings.MODEL_DEFAULTS : models;
    }

    public PipelineDefinition(PipelineSettings settings, Map<String, StageConfig> stages) {
        this(settings, stages, ResilienceSettings.DEFAULTS, ResilienceSettings.MODEL_DEFAULTS);
    }

    public PipelineDefinition(PipelineSettings settings, Map<String, StageConfig> stages,
                              ResilienceSettings resilience) {
        this(settings, stages, resilience, ResilienceSettings.MODEL_DEFAULTS);
    }
}

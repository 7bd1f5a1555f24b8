package io.corrigo.ui.pipeline;

import io.corrigo.api.config.ConfigProperty;
import java.util.List;

/**
 * A plugin factory the pipeline editor offers for a stage.
 *
 * @param id          the factory id stored in the pipeline
 * @param description its help text
 * @param plugin      the plugin offering it, with version
 * @param properties  its declared settings
 */
public record FactoryChoice(String id, String description, String plugin, List<ConfigProperty> properties) {
}

package io.corrigo.engine.trace;

/**
 * Which plugin served a stage of a run.
 *
 * @param role      retriever, evaluator, search or generator
 * @param factoryId the factory id the pipeline names
 * @param pluginId  the PF4J plugin that provided it
 * @param version   the plugin's version
 */
public record PluginRef(String role, String factoryId, String pluginId, String version) {
}

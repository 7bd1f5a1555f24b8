package io.corrigo.server.plugin;

import io.corrigo.api.PluginFactory;
import io.corrigo.server.plugin.kind.StageKind;

/**
 * A factory found in a plugin, with the plugin that provides it.
 *
 * @param kind          the extension kind
 * @param factory       the factory
 * @param pluginId      the PF4J plugin id
 * @param pluginVersion the plugin version
 */
public record FactoryHandle(StageKind<?> kind, PluginFactory<?> factory, String pluginId, String pluginVersion) {
}

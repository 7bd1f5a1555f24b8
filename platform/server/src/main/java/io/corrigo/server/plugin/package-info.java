/**
 * Plugins in the host: {@link io.corrigo.server.plugin.PluginHost} runs PF4J over the plugins directory, checks
 * each plugin's required API version, reports the ones that fail instead of failing the host, and finds factories
 * by kind and id. {@link io.corrigo.server.plugin.HostPluginContext} is what a plugin instance gets of the host.
 */
package io.corrigo.server.plugin;

package io.corrigo.api;

import org.pf4j.ExtensionPoint;

/**
 * The extension point through which a plugin offers a {@link Connector}. Implement {@link PluginFactory#create} and
 * the descriptive methods, and annotate the class with {@code @org.pf4j.Extension}; see {@link PluginFactory} for the
 * lifecycle. The host checks every setting that holds an address against its outbound policy and every setting that
 * holds an absolute server path against the folders the platform admin allowed, before a connector is saved.
 *
 * @since 1.6.0
 */
public interface ConnectorFactory extends PluginFactory<Connector>, ExtensionPoint {
}

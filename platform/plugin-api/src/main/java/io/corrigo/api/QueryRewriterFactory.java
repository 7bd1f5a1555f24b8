package io.corrigo.api;

import org.pf4j.ExtensionPoint;

/**
 * The extension point through which a plugin offers a {@link QueryRewriter}. Implement {@link PluginFactory#create}
 * and the descriptive methods, and annotate the class with {@code @org.pf4j.Extension}; see {@link PluginFactory}
 * for the lifecycle.
 */
public interface QueryRewriterFactory extends PluginFactory<QueryRewriter>, ExtensionPoint {
}

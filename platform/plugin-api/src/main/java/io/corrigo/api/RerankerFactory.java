package io.corrigo.api;

import org.pf4j.ExtensionPoint;

/**
 * The extension point through which a plugin offers a {@link Reranker}. Implement {@link PluginFactory#create} and
 * the descriptive methods, and annotate the class with {@code @org.pf4j.Extension}; see {@link PluginFactory} for the
 * lifecycle. A pipeline without a reranker grades the retriever's own top-k.
 *
 * @since 1.2.0
 */
public interface RerankerFactory extends PluginFactory<Reranker>, ExtensionPoint {
}

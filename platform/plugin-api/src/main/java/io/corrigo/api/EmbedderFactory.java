package io.corrigo.api;

import org.pf4j.ExtensionPoint;

/**
 * The extension point through which a plugin offers the host's embedding model: an {@link EmbeddingService} that
 * turns text into vectors with a model of the plugin's choosing — a multilingual model on an OpenAI-compatible or
 * Ollama server, say, where the host's built-in model (all-MiniLM-L6-v2, offline) is English-first.
 *
 * <p>Unlike the other kinds, an embedder is not chosen per tenant: every vector of every index must come from one
 * model, so the platform operator picks one for the whole host at start ({@code corrigo.embeddings.embedder} names
 * {@link #id()}, {@code corrigo.embeddings.embedder-settings.*} are the settings {@link #configProperties()}
 * declares). The host calls {@link #create} once, with a context whose tenant is {@code null} and whose
 * {@link PluginContext#embeddings()} is the built-in model, and serves the instance to every stage and plugin behind
 * its cache. Indexes record {@link EmbeddingService#modelId()} and {@link EmbeddingService#dimension()}; a host that
 * changes its embedder re-indexes its knowledge bases.
 *
 * <p>The instance must be thread-safe and should embed a list in one call ({@link EmbeddingService#embedAll}); its
 * {@link EmbeddingService#dimension()} may ask the model once, lazily, and must not change afterwards. A failing call
 * throws: the host degrades the run or fails the ingestion job that asked, it never falls back to another model.
 *
 * @since 1.7.0
 */
public interface EmbedderFactory extends PluginFactory<EmbeddingService>, ExtensionPoint {
}

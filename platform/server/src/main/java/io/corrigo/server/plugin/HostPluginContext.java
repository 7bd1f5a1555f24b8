package io.corrigo.server.plugin;

import io.corrigo.api.EmbeddingService;
import io.corrigo.api.PluginContext;
import java.nio.file.Path;
import java.time.Clock;

/** What the host gives one plugin instance of one tenant. */
public record HostPluginContext(String tenantId, Path dataDirectory, EmbeddingService embeddings, Clock clock)
        implements PluginContext {
}

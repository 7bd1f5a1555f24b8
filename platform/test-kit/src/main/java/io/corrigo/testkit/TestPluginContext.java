package io.corrigo.testkit;

import io.corrigo.api.EmbeddingService;
import io.corrigo.api.PluginContext;
import java.nio.file.Path;
import java.time.Clock;

/**
 * A {@link PluginContext} as the host would hand it to one tenant's instance.
 *
 * @param tenantId      the tenant
 * @param dataDirectory the instance's own directory (exists)
 * @param embeddings    the embedding service
 * @param clock         the clock
 */
public record TestPluginContext(String tenantId, Path dataDirectory, EmbeddingService embeddings, Clock clock)
        implements PluginContext {

    /** A context for tenant {@code test-tenant} over {@code dataDirectory}, with {@link HashingEmbeddings}. */
    public static TestPluginContext in(Path dataDirectory) {
        return new TestPluginContext("test-tenant", dataDirectory, new HashingEmbeddings(), Clock.systemUTC());
    }
}

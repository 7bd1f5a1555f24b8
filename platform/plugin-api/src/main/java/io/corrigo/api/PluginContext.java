package io.corrigo.api;

import java.nio.file.Path;
import java.time.Clock;

/**
 * What the host offers a plugin instance: the tenant it works for, a data directory of that tenant only,
 * the host's embeddings and a clock.
 *
 * <p>A plugin gets no host secrets, no database and nothing of another tenant. Store every file under
 * {@link #dataDirectory()}; it is created by the host, kept across restarts and removed with the tenant.
 */
public interface PluginContext {

    /** The id of the tenant this instance serves. */
    String tenantId();

    /**
     * A directory for this plugin's files for this tenant (e.g. an index), distinct per tenant and per
     * plugin. It exists when the factory is called.
     */
    Path dataDirectory();

    /** The host's embedding model; every vector of one tenant comes from it. */
    EmbeddingService embeddings();

    /** The host's clock: use it instead of {@code System.currentTimeMillis()} so tests can control time. */
    Clock clock();
}

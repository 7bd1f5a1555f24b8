package io.corrigo.api;

import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.util.List;

/**
 * Creates instances of one kind of plugin and describes their settings (Keycloak's {@code ConfiguredProvider}
 * idea): the admin UI draws its form from {@link #configProperties()}, and a tenant's pipeline stores only
 * {@link #id()} and a property map.
 *
 * <p><b>Lifecycle.</b> PF4J creates one factory per plugin start; the host calls {@link #create} once per
 * tenant pipeline version, from any thread, and keeps the instance until the pipeline changes or the host
 * stops. If the instance implements {@link AutoCloseable} the host closes it then. The config passed in has
 * already been validated against {@link #configProperties()}.
 *
 * <p>Implement one of the kind-specific sub-interfaces ({@link RetrieverFactory}, {@link EvaluatorFactory},
 * {@link SearchProviderFactory}, {@link GeneratorFactory}, {@link CriticFactory}, {@link QueryRewriterFactory},
 * {@link RerankerFactory}, {@link GuardrailFactory}, {@link ConnectorFactory}, {@link EmbedderFactory}) and annotate the class with {@code @org.pf4j.Extension}.
 *
 * <p>Resources that outlive one instance (a connection pool every tenant's instance shares) belong to the factory:
 * create them lazily and release them in {@link #close()}, which the host calls when the plugin stops.
 *
 * @param <T> the kind of plugin created
 */
public interface PluginFactory<T> {

    /**
     * A stable, unique id such as {@code lucene-retriever}: pipelines refer to the factory by it, so it must
     * never change between versions.
     */
    String id();

    /** A help text for admins: what it does and when to choose it. */
    String description();

    /** The settings an instance takes; empty when there are none. */
    default List<ConfigProperty> configProperties() {
        return List.of();
    }

    /**
     * Whether instances only compute in this process (no network, no model server, bounded CPU time). The host
     * calls such instances directly; every other instance is called behind a per-tenant timeout and circuit
     * breaker. The default, {@code false}, is the safe choice; override it only when the instance cannot hang.
     */
    default boolean inProcess() {
        return false;
    }

    /**
     * What is wrong with {@code config} beyond its types and ranges (which {@link #configProperties()} already
     * checks): settings no instance could start with, such as a malformed URL or a name the plugin refuses, one line
     * each ({@code "indexPrefix: ..."}). The host calls it before it saves a pipeline and answers the admin a 400 with
     * these lines; {@link #create} may still refuse at run time what only a running system can judge (a database that
     * does not answer). It must be quick and must not connect anywhere. The default finds nothing.
     *
     * @param config settings that passed {@link #configProperties()}'s checks
     * @return the problems, empty when there are none
     * @since 1.1.0
     */
    default List<String> problems(PluginConfig config) {
        return List.of();
    }

    /**
     * Creates an instance for one tenant.
     *
     * @param context what the host offers this tenant's instance
     * @param config  validated settings
     */
    T create(PluginContext context, PluginConfig config);

    /**
     * Releases what the factory holds for all its instances (shared pools, caches). The host calls it once when the
     * plugin stops (disabled, upgraded, removed, or the host shuts down), after every instance was closed. It must not
     * throw; the default holds nothing.
     *
     * @since 1.2.0
     */
    default void close() {
    }
}

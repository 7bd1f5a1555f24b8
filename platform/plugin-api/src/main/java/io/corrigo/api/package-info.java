/**
 * The Corrigo plugin API: what a third party implements to add a retriever, a retrieval evaluator, a
 * search provider, a generator, a critic or a query rewriter to Corrigo's corrective pipeline.
 *
 * <p>Each kind of plugin is an extension point with one abstract method ({@link io.corrigo.api.Retriever},
 * {@link io.corrigo.api.RetrievalEvaluator}, {@link io.corrigo.api.SearchProvider},
 * {@link io.corrigo.api.Generator}, {@link io.corrigo.api.Critic}, {@link io.corrigo.api.QueryRewriter}). A plugin never registers instances directly: it registers a factory
 * ({@link io.corrigo.api.RetrieverFactory} and its siblings) as a PF4J {@code @Extension}. The factory has a
 * stable id, a help text and a list of typed {@link io.corrigo.api.config.ConfigProperty config properties};
 * the admin UI draws its settings form from them, and a tenant's pipeline stores only the factory id and a
 * property map. The host calls {@code create(context, config)} once per tenant pipeline version.
 *
 * <p>The API is deliberately free of Spring, JPA and LangChain4j types: a plugin bundles its own libraries in
 * its own class loader, and an upgrade of the host's libraries must not break it. What the host offers
 * (embeddings, a tenant-scoped data directory, a clock) reaches the plugin through {@link io.corrigo.api.PluginContext}.
 */
package io.corrigo.api;

/**
 * Contract tests for Corrigo plugins. Extend the one for your kind of plugin in a JUnit 5 test class, return your
 * factory (and, where asked, a sample input), and the inherited tests check your factory and its instances
 * against the plugin API's promises: valid settings, no nulls, scores in [0, 1] and finite, results best first
 * and within the requested count, calls that return within a time limit (also on an interrupted thread), the
 * same results when called from many threads at once.
 *
 * <ul>
 *   <li>{@link io.corrigo.testkit.RetrieverContract}</li>
 *   <li>{@link io.corrigo.testkit.RetrievalEvaluatorContract}</li>
 *   <li>{@link io.corrigo.testkit.SearchProviderContract}</li>
 *   <li>{@link io.corrigo.testkit.GeneratorContract}</li>
 *   <li>{@link io.corrigo.testkit.RerankerContract}</li>
 *   <li>{@link io.corrigo.testkit.GuardrailContract}</li>
 *   <li>{@link io.corrigo.testkit.ConnectorContract}</li>
 *   <li>{@link io.corrigo.testkit.EmbedderContract}</li>
 * </ul>
 *
 * <p>Instances are created as the host creates them: through the factory, with settings validated against its
 * config properties, and a {@link io.corrigo.testkit.TestPluginContext} whose data directory is a fresh temporary
 * directory and whose embeddings come from {@link io.corrigo.testkit.HashingEmbeddings} (deterministic, no model).
 */
package io.corrigo.testkit;

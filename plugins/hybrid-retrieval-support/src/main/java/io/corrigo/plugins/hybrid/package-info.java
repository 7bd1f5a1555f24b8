/**
 * What the hybrid retriever plugins share. Each of them (Lucene in process, OpenSearch, PostgreSQL with pgvector)
 * runs a lexical and a vector search and fuses the two ranked lists by weighted reciprocal rank
 * ({@link io.corrigo.plugins.hybrid.RankFusion}, configured by {@link io.corrigo.plugins.hybrid.FusionSettings}); stores
 * every passage with its sentence strips and their embeddings, so grading costs no embedding call
 * ({@link io.corrigo.plugins.hybrid.StoredJson}, {@link io.corrigo.plugins.hybrid.Vectors}); and records the embedding
 * model its vectors came from, refusing another ({@link io.corrigo.plugins.hybrid.IndexModel}).
 *
 * <p>A library, not a plugin: each retriever bundles it in its own plugin file and class loader.
 */
package io.corrigo.plugins.hybrid;

/**
 * Getting knowledge in: uploads are parsed ({@link io.corrigo.server.knowledge.DocumentParser}), cut into
 * sentence-bounded chunks ({@link io.corrigo.server.knowledge.Chunker}), their sentence strips embedded, and handed
 * to the tenant retriever's {@link io.corrigo.api.KnowledgeIndex} by
 * {@link io.corrigo.server.knowledge.IngestionService}. Every upload is recorded with its state and chunk count.
 */
package io.corrigo.server.knowledge;

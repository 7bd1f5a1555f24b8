package io.corrigo.server.knowledge;

import java.time.Instant;

/** A knowledge base as the API shows it, with how many documents and chunks it holds. */
public record KnowledgeBaseView(String id, String name, int maxChunkWords, int overlapSentences, long documents,
                                long chunks, Instant createdAt) {
}

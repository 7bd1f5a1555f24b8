package io.corrigo.plugins.hybrid;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Passage;
import io.corrigo.api.Strip;

/** The vectors a hybrid retriever stores for a passage: those ingestion computed, embedded here only when missing. */
public final class Vectors {

    private Vectors() {
    }

    /** The passage's vector, or its text embedded when ingestion sent none. */
    public static Embedding of(Passage passage, EmbeddingService embeddings) {
        return passage.embedding() != null ? passage.embedding() : embeddings.embed(passage.text());
    }

    /** The strip's vector, or its text embedded when ingestion sent none. */
    public static Embedding of(Strip strip, EmbeddingService embeddings) {
        return strip.embedding() != null ? strip.embedding() : embeddings.embed(strip.text());
    }
}

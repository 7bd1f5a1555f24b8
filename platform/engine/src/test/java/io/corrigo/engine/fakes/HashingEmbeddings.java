package io.corrigo.engine.fakes;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.text.Terms;
import java.util.concurrent.atomic.AtomicInteger;

/** A deterministic bag-of-words embedding: texts sharing words point the same way. Counts its calls. */
public final class HashingEmbeddings implements EmbeddingService {

    public final AtomicInteger calls = new AtomicInteger();

    @Override
    public Embedding embed(String text) {
        calls.incrementAndGet();
        float[] v = new float[64];
        for (String term : Terms.contentTerms(text)) {
            v[Math.floorMod(term.hashCode(), v.length)] += 1;
        }
        return Embedding.of(v);
    }

    @Override
    public int dimension() {
        return 64;
    }

    @Override
    public String modelId() {
        return "hashing-64";
    }
}

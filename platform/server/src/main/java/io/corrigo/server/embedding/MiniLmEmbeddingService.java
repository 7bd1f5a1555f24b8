package io.corrigo.server.embedding;

import dev.langchain4j.model.embedding.EmbeddingModel;
import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

/**
 * The host's embeddings: all-MiniLM-L6-v2 (quantized), run in-process by ONNX Runtime from the model shipped in
 * the langchain4j-embeddings artifact. Offline, 384 dimensions, L2-normalised. LangChain4j stays behind this
 * class: plugins see only {@link EmbeddingService}.
 *
 * <p>Texts embedded lately are remembered ({@code corrigo.embeddings.cache-entries}, least recently used first out;
 * 0 switches it off): a web page's sentences that recur across questions, a question asked again, cost a map lookup
 * instead of a model run (≈ 4–8 ms on 2 cores); texts over 1,000 characters are not kept. Hits and misses are counted as
 * {@code corrigo.embeddings.cache{result=hit|miss}}, the size as {@code corrigo.embeddings.cache.size}. About
 * 1.6 KB a text (the vector and a sentence): 20,000 entries ≈ 32 MB, at most ≈ 70 MB. The model runs each text on
 * the calling thread ({@link MiniLmModel}; {@code corrigo.embeddings.model-threads}, 1 by default).
 */
@Service
public class MiniLmEmbeddingService implements EmbeddingService {

    /** Longer texts (whole passages, rare and seldom repeated) are not remembered: the bound is on entries. */
    static final int MAX_CACHED_CHARS = 1_000;

    /** One model for the process, whoever builds a service: the session holds ≈ 25 MB of weights. */
    private static volatile EmbeddingModel shared;

    private final EmbeddingModel model;
    private final int capacity;
    private final Map<String, Embedding> recent;
    private final Counter hits;
    private final Counter misses;

    /** Without a cache, counted nowhere (tools and tests that embed a corpus once). */
    public MiniLmEmbeddingService() {
        this(0, 1, new SimpleMeterRegistry());
    }

    /** A service with a cache of {@code capacity} texts and the process's model (its first user's thread count). */
    MiniLmEmbeddingService(int capacity, MeterRegistry meters) {
        this(capacity, 1, meters);
    }

    @Autowired
    MiniLmEmbeddingService(@Value("${corrigo.embeddings.cache-entries:20000}") int capacity,
                           @Value("${corrigo.embeddings.model-threads:1}") int modelThreads, MeterRegistry meters) {
        this.model = model(modelThreads);
        this.capacity = Math.max(0, capacity);
        this.recent = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Embedding> eldest) {
                return size() > MiniLmEmbeddingService.this.capacity;
            }
        };
        this.hits = Counter.builder("corrigo.embeddings.cache").tag("result", "hit")
                .description("Embeddings served from the host's cache").register(meters);
        this.misses = Counter.builder("corrigo.embeddings.cache").tag("result", "miss")
                .description("Embeddings computed by the model").register(meters);
        Gauge.builder("corrigo.embeddings.cache.size", this, s -> s.cached()).register(meters);
    }

    @Override
    public Embedding embed(String text) {
        if (capacity == 0 || text.length() > MAX_CACHED_CHARS) {
            return compute(text);
        }
        Embedding known;
        synchronized (recent) {
            known = recent.get(text);
        }
        if (known != null) {
            hits.increment();
            return known;
        }
        misses.increment();
        Embedding computed = compute(text);
        synchronized (recent) {
            recent.put(text, computed);
        }
        return computed;
    }

    private static EmbeddingModel model(int threads) {
        EmbeddingModel model = shared;
        if (model == null) {
            synchronized (MiniLmEmbeddingService.class) {
                model = shared;
                if (model == null) {
                    shared = model = new MiniLmModel(threads);
                }
            }
        }
        return model;
    }

    private Embedding compute(String text) {
        return Embedding.of(model.embed(text.isBlank() ? " " : text).content().vector());
    }

    /** How many texts are remembered now. */
    int cached() {
        synchronized (recent) {
            return recent.size();
        }
    }

    @Override
    public int dimension() {
        return 384;
    }

    @Override
    public String modelId() {
        return "all-minilm-l6-v2-q";
    }
}

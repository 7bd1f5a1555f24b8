package io.corrigo.server.embedding;

import dev.langchain4j.model.embedding.EmbeddingModel;
import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;

/**
 * The built-in embedding model: all-MiniLM-L6-v2 (quantized), run in-process by ONNX Runtime from the model shipped
 * in the langchain4j-embeddings artifact. Offline, English-first, 384 dimensions, L2-normalised. LangChain4j stays
 * behind this class: plugins see only {@link EmbeddingService}. The model runs each text on the calling thread
 * ({@link MiniLmModel}; {@code corrigo.embeddings.model-threads}, 1 by default). The host serves it through
 * {@link HostEmbeddings}, which remembers texts embedded lately.
 */
public class MiniLmEmbeddingService implements EmbeddingService {

    /** One model for the process, whoever builds a service: the session holds ≈ 25 MB of weights. */
    private static volatile EmbeddingModel shared;

    private final int modelThreads;

    /** The process's model (its first user's thread count, else one). */
    public MiniLmEmbeddingService() {
        this(1);
    }

    /** The process's model, loaded now; {@code modelThreads} counts if this is its first user. */
    public MiniLmEmbeddingService(int modelThreads) {
        this(modelThreads, true);
    }

    private MiniLmEmbeddingService(int modelThreads, boolean loadNow) {
        this.modelThreads = modelThreads;
        if (loadNow) {
            model(modelThreads);
        }
    }

    /**
     * The process's model, loaded when first asked to embed: for a host that embeds with a plugin's model and keeps
     * this one only to hand to that plugin's factory, which may never use it.
     */
    public static MiniLmEmbeddingService onFirstUse(int modelThreads) {
        return new MiniLmEmbeddingService(modelThreads, false);
    }

    @Override
    public Embedding embed(String text) {
        return Embedding.of(model(modelThreads).embed(text.isBlank() ? " " : text).content().vector());
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

    @Override
    public int dimension() {
        return 384;
    }

    @Override
    public String modelId() {
        return "all-minilm-l6-v2-q";
    }
}

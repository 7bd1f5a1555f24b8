package io.corrigo.server.embedding;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import org.springframework.stereotype.Service;

/**
 * The host's embeddings: all-MiniLM-L6-v2 (quantized), run in-process by ONNX Runtime from the model shipped in
 * the langchain4j-embeddings artifact. Offline, 384 dimensions, L2-normalised. LangChain4j stays behind this
 * class: plugins see only {@link EmbeddingService}.
 */
@Service
public class MiniLmEmbeddingService implements EmbeddingService {

    private final EmbeddingModel model = new AllMiniLmL6V2QuantizedEmbeddingModel();

    @Override
    public Embedding embed(String text) {
        return Embedding.of(model.embed(text.isBlank() ? " " : text).content().vector());
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

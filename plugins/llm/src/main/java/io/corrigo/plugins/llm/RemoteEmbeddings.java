package io.corrigo.plugins.llm;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.ollama.OllamaEmbeddingModel;
import dev.langchain4j.model.openai.OpenAiEmbeddingModel;
import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The host's embeddings from a model server, through LangChain4j: OpenAI's {@code POST /embeddings} (OpenAI, vLLM,
 * llama.cpp server, LM Studio, text-embeddings-inference) or Ollama's {@code POST /api/embed}. A list is embedded in
 * one call; vectors are L2-normalised as the host's own are; the dimension is asked of the model once, on first use.
 * Retries are left to the caller (the host fails the job or degrades the run), so LangChain4j's are off.
 */
final class RemoteEmbeddings implements EmbeddingService {

    private final EmbeddingModel model;
    private final String modelId;
    private volatile int dimension;

    RemoteEmbeddings(EmbeddingModel model, String modelId) {
        this.model = model;
        this.modelId = modelId;
    }

    /** The settings of an embedding endpoint of {@code api} ({@link ModelEndpoint#OPENAI} or {@link ModelEndpoint#OLLAMA}). */
    static List<ConfigProperty> properties(String api) {
        boolean openAi = ModelEndpoint.OPENAI.equals(api);
        List<ConfigProperty> properties = new ArrayList<>();
        properties.add(ConfigProperty.string("baseUrl", "Base URL", openAi ? "https://api.openai.com/v1" : "http://localhost:11434")
                .asRequired().withDescription(openAi
                        ? "The server's API root, e.g. https://api.openai.com/v1 or a vLLM / text-embeddings-inference server's /v1."
                        : "The Ollama server, e.g. http://localhost:11434."));
        properties.add(ConfigProperty.string("model", "Model", openAi ? "text-embedding-3-small" : "bge-m3").asRequired()
                .withDescription("The embedding model the server knows; a multilingual one (bge-m3, multilingual-e5-large, "
                        + "text-embedding-3-small) lets questions and documents in different languages meet."));
        if (openAi) {
            properties.add(ConfigProperty.string("apiKey", "API key", null).asSecret()
                    .withDescription("Sent as a Bearer token; leave empty for local servers without keys."));
            properties.add(ConfigProperty.integer("dimensions", "Dimensions", 0).withRange(0, 8192)
                    .withDescription("Ask the model for vectors this long (models that can shorten them); 0: its own length."));
        }
        properties.add(ConfigProperty.integer("timeoutSeconds", "HTTP timeout (s)", 30).withRange(1, 600)
                .withDescription("Per call; a batch of passages at indexing is one call."));
        return properties;
    }

    /**
     * An embedding service on the endpoint {@code config} describes, built in this plugin's class loader (see
     * {@link Chat#inPluginLoader}).
     */
    static RemoteEmbeddings create(String api, PluginConfig config) {
        return Chat.inPluginLoader(() -> build(api, config));
    }

    private static RemoteEmbeddings build(String api, PluginConfig config) {
        String url = config.string("baseUrl").orElseThrow().strip();
        String name = config.string("model").orElseThrow().strip();
        Duration timeout = Duration.ofSeconds(config.integer("timeoutSeconds"));
        if (ModelEndpoint.OLLAMA.equals(api)) {
            return new RemoteEmbeddings(OllamaEmbeddingModel.builder().baseUrl(url).modelName(name).timeout(timeout)
                    .maxRetries(0).build(), "ollama/" + name);
        }
        String key = config.string("apiKey").orElse("");
        int dimensions = (int) config.integer("dimensions");
        OpenAiEmbeddingModel.OpenAiEmbeddingModelBuilder builder = OpenAiEmbeddingModel.builder().baseUrl(url)
                .apiKey(key.isBlank() ? "none" : key).modelName(name).timeout(timeout).maxRetries(0);
        if (dimensions > 0) {
            builder.dimensions(dimensions);
        }
        return new RemoteEmbeddings(builder.build(), "openai/" + name + (dimensions > 0 ? "/" + dimensions : ""));
    }

    @Override
    public Embedding embed(String text) {
        return remember(normalised(Chat.inPluginLoader(() -> model.embed(nonBlank(text))).content().vector()));
    }

    @Override
    public List<Embedding> embedAll(List<String> texts) {
        if (texts.isEmpty()) {
            return List.of();
        }
        List<TextSegment> segments = texts.stream().map(t -> TextSegment.from(nonBlank(t))).toList();
        List<dev.langchain4j.data.embedding.Embedding> vectors = Chat.inPluginLoader(() -> model.embedAll(segments)).content();
        if (vectors.size() != texts.size()) {
            throw new IllegalStateException("the embedding server returned " + vectors.size() + " vectors for "
                    + texts.size() + " texts");
        }
        return vectors.stream().map(v -> remember(normalised(v.vector()))).toList();
    }

    /** A blank text as a model server takes it (LangChain4j refuses blank segments): a lone full stop. */
    private static String nonBlank(String text) {
        return text == null || text.isBlank() ? "." : text;
    }

    /** {@code vector} at unit length, as the host's vectors are (a zero vector stays as it is). */
    static Embedding normalised(float[] vector) {
        double norm = 0;
        for (float v : vector) {
            norm += v * v;
        }
        norm = Math.sqrt(norm);
        float[] unit = vector.clone();
        if (norm > 0) {
            for (int i = 0; i < unit.length; i++) {
                unit[i] = (float) (unit[i] / norm);
            }
        }
        return Embedding.of(unit);
    }

    private Embedding remember(Embedding embedding) {
        if (dimension == 0) {
            dimension = embedding.dimension();
        }
        return embedding;
    }

    @Override
    public int dimension() {
        if (dimension == 0) {
            embed("dimension");
        }
        return dimension;
    }

    @Override
    public String modelId() {
        return modelId;
    }
}

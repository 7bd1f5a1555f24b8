package io.corrigo.plugins.llm;

import io.corrigo.api.EmbedderFactory;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.PluginContext;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.util.List;
import org.pf4j.Extension;

/** The host's embeddings from an Ollama server's {@code /api/embed}. */
@Extension
public class OllamaEmbedderFactory implements EmbedderFactory {

    public static final String ID = "ollama-embedder";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Embeds with a model on an Ollama server (bge-m3, nomic-embed-text, …): "
                + "choose a multilingual model for knowledge and questions beyond English.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return RemoteEmbeddings.properties(ModelEndpoint.OLLAMA);
    }

    @Override
    public List<String> problems(PluginConfig config) {
        return ModelEndpoint.problems(config, ModelEndpoint.OLLAMA);
    }

    @Override
    public EmbeddingService create(PluginContext context, PluginConfig config) {
        return RemoteEmbeddings.create(ModelEndpoint.OLLAMA, config);
    }
}

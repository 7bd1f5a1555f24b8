package io.corrigo.plugins.llm;

import io.corrigo.api.EmbedderFactory;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.PluginContext;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.util.List;
import org.pf4j.Extension;

/** The host's embeddings from an OpenAI-compatible {@code /embeddings} endpoint. */
@Extension
public class OpenAiEmbedderFactory implements EmbedderFactory {

    public static final String ID = "openai-embedder";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Embeds with a model on an OpenAI-compatible server (OpenAI, vLLM, llama.cpp server, LM Studio, "
                + "text-embeddings-inference): choose a multilingual model for knowledge and questions beyond English.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return RemoteEmbeddings.properties(ModelEndpoint.OPENAI);
    }

    @Override
    public List<String> problems(PluginConfig config) {
        return ModelEndpoint.problems(config, ModelEndpoint.OPENAI);
    }

    @Override
    public EmbeddingService create(PluginContext context, PluginConfig config) {
        return RemoteEmbeddings.create(ModelEndpoint.OPENAI, config);
    }
}

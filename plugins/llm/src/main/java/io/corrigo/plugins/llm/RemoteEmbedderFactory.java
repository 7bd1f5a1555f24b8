package io.corrigo.plugins.llm;

import io.corrigo.api.EmbedderFactory;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.PluginContext;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.util.List;

/** An embedder on a model server of one API ({@link ModelEndpoint#OPENAI} or {@link ModelEndpoint#OLLAMA}). */
abstract class RemoteEmbedderFactory implements EmbedderFactory {

    private final String api;

    RemoteEmbedderFactory(String api) {
        this.api = api;
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return RemoteEmbeddings.properties(api);
    }

    @Override
    public List<String> problems(PluginConfig config) {
        return ModelEndpoint.problems(config, api);
    }

    @Override
    public EmbeddingService create(PluginContext context, PluginConfig config) {
        return RemoteEmbeddings.create(api, config);
    }
}

package io.corrigo.plugins.llm;

import io.corrigo.api.Generator;
import io.corrigo.api.GeneratorFactory;
import io.corrigo.api.PluginContext;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.util.List;
import org.pf4j.Extension;

/** A generator on an Ollama server, streaming. */
@Extension
public class OllamaGeneratorFactory implements GeneratorFactory {

    public static final String ID = "ollama-generator";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Writes answers with a local model served by Ollama, streaming tokens, from the refined context only, "
                + "citing sources by number and saying when the context does not answer.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return ModelEndpoint.properties(ModelEndpoint.OLLAMA, "http://localhost:11434", "llama3.1", 512);
    }

    @Override
    public List<String> problems(PluginConfig config) {
        return ModelEndpoint.problems(config, ModelEndpoint.OLLAMA);
    }

    @Override
    public Generator create(PluginContext context, PluginConfig config) {
        return new LlmGenerator(new Chat(ModelEndpoint.from(config, ModelEndpoint.OLLAMA)), false);
    }
}

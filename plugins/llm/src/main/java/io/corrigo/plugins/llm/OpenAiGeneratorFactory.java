package io.corrigo.plugins.llm;

import io.corrigo.api.Generator;
import io.corrigo.api.GeneratorFactory;
import io.corrigo.api.PluginContext;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.util.ArrayList;
import java.util.List;
import org.pf4j.Extension;

/** A generator on any OpenAI-compatible chat-completions server, streaming. */
@Extension
public class OpenAiGeneratorFactory implements GeneratorFactory {

    public static final String ID = "openai-generator";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Writes answers with a language model on an OpenAI-compatible server (OpenAI, vLLM, llama.cpp server, "
                + "LM Studio, …), streaming tokens, from the refined context only, citing sources by number and saying "
                + "when the context does not answer. Turn on reflection tokens for Self-RAG models (e.g. "
                + "selfrag_llama2_7b on vLLM): their [Relevant], [Fully supported], [Utility:5] … tokens are parsed "
                + "into the trace and the critique, and never shown to users.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        List<ConfigProperty> properties = new ArrayList<>(ModelEndpoint.properties(ModelEndpoint.OPENAI,
                "https://api.openai.com/v1", "gpt-4o-mini", 512));
        properties.add(ConfigProperty.bool("reflectionTokens", "Self-RAG reflection tokens", false)
                .withDescription("The model emits Self-RAG reflection tokens: parse them, strip them, use them as critique."));
        return properties;
    }

    @Override
    public List<String> problems(PluginConfig config) {
        return ModelEndpoint.problems(config, ModelEndpoint.OPENAI);
    }

    @Override
    public Generator create(PluginContext context, PluginConfig config) {
        return new LlmGenerator(new Chat(ModelEndpoint.from(config, ModelEndpoint.OPENAI)), config.bool("reflectionTokens"));
    }
}

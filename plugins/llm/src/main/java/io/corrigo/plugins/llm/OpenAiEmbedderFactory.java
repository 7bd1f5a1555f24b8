package io.corrigo.plugins.llm;

import org.pf4j.Extension;

/** The host's embeddings from an OpenAI-compatible {@code /embeddings} endpoint. */
@Extension
public class OpenAiEmbedderFactory extends RemoteEmbedderFactory {

    public static final String ID = "openai-embedder";

    public OpenAiEmbedderFactory() {
        super(ModelEndpoint.OPENAI);
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Embeds with a model on an OpenAI-compatible server (OpenAI, vLLM, llama.cpp server, LM Studio, "
                + "text-embeddings-inference): choose a multilingual model for knowledge and questions beyond English.";
    }
}

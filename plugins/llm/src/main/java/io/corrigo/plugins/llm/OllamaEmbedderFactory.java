package io.corrigo.plugins.llm;

import org.pf4j.Extension;

/** The host's embeddings from an Ollama server's {@code /api/embed}. */
@Extension
public class OllamaEmbedderFactory extends RemoteEmbedderFactory {

    public static final String ID = "ollama-embedder";

    public OllamaEmbedderFactory() {
        super(ModelEndpoint.OLLAMA);
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Embeds with a model on an Ollama server (bge-m3, nomic-embed-text, …): choose a multilingual model for "
                + "knowledge and questions beyond English.";
    }
}

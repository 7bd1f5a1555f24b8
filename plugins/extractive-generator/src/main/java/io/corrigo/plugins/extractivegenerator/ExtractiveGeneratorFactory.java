package io.corrigo.plugins.extractivegenerator;

import io.corrigo.api.Generator;
import io.corrigo.api.GeneratorFactory;
import io.corrigo.api.PluginContext;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.util.List;
import org.pf4j.Extension;

/** Registers the extractive generator. */
@Extension
public class ExtractiveGeneratorFactory implements GeneratorFactory {

    public static final String ID = "extractive-generator";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Answers without a language model: quotes the context sentences that best answer the question, each "
                + "with its citation number, and abstains when no sentence is supported well enough. Deterministic "
                + "and offline; a baseline and a safe default until an LLM generator is configured.";
    }

    /** Pure computation on the host's embeddings: no timeout hop needed. */
    @Override
    public boolean inProcess() {
        return true;
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return List.of(
                ConfigProperty.integer("maxSentences", "Sentences per answer", 2).withRange(1, 10)
                        .withDescription("How many sentences the answer quotes at most."),
                ConfigProperty.decimal("minSupport", "Minimum support", ExtractiveGenerator.DEFAULT_MIN_SUPPORT).withRange(0, 1)
                        .withDescription("Abstain when the best sentence supports the question less than this (0-1)."));
    }

    @Override
    public Generator create(PluginContext context, PluginConfig config) {
        return new ExtractiveGenerator(context.embeddings(), (int) config.integer("maxSentences"),
                config.decimal("minSupport"));
    }
}

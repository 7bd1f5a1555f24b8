package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.Critic;
import io.corrigo.api.CriticFactory;
import io.corrigo.api.PluginContext;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.util.List;
import org.pf4j.Extension;

/** Registers the lightweight critic: Self-RAG's support and usefulness judgements without a model call. */
@Extension
public class LightweightCriticFactory extends AnswerhoodModelFactory implements CriticFactory {

    public static final String ID = "lightweight-critic";

    /** The answerhood model judges relevance (ISREL). */
    public LightweightCriticFactory() {
        super(ID, "Checks every answer sentence against the context offline: word for word, by word overlap and "
                + "embedding similarity, and by its figures (a number the context never mentions makes the sentence "
                + "unsupported). Rates usefulness 1-5 by how much of the question the supported sentences cover, and 1 when "
                + "no supported sentence answers the question by the answerhood model (relevance, Self-RAG's ISREL). "
                + "Costs no embedding for quoted sentences.");
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return List.of(
                ConfigProperty.decimal("fullSupport", "Fully supported from", LightweightCritic.DEFAULT_FULL)
                        .withRange(0, 1)
                        .withDescription("A sentence scoring at least this against its best context sentence is fully supported."),
                ConfigProperty.decimal("partialSupport", "Partially supported from", LightweightCritic.DEFAULT_PARTIAL)
                        .withRange(0, 1)
                        .withDescription("At least this (and below the full mark) is partially supported; below, not supported."),
                ConfigProperty.bool("answerCheck", "Answer check", false)
                        .withDescription("Judge relevance and usefulness with the shipped answer check: an answer none of "
                                + "whose supported sentences it accepts is rated 1 (does not answer the question)."),
                ConfigProperty.decimal("checkThreshold", "Answer check threshold",
                                AnswerhoodEvaluatorFactory.DEFAULT_CHECK_THRESHOLD)
                        .withRange(0, 1)
                        .withDescription("The check's probability a served sentence needs to count as answering."));
    }

    @Override
    public Critic create(PluginContext context, PluginConfig config) {
        return new LightweightCritic(context.embeddings(), config.decimal("fullSupport"), config.decimal("partialSupport"),
                model, config.bool("answerCheck") ? AnswerCheck::shipped : null, config.decimal("checkThreshold"));
    }
}

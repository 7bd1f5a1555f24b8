package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.EvaluatorFactory;
import io.corrigo.api.PluginContext;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.util.List;
import org.pf4j.Extension;

/** Registers the lightweight evaluator: no model calls beyond the host's embeddings. */
@Extension
public class LightweightEvaluatorFactory implements EvaluatorFactory {

    public static final String ID = "lightweight-evaluator";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Scores relevance in [0,1] offline, in microseconds: the cosine similarity of the question with the "
                + "passage and with its best sentence (rescaled between a floor and a ceiling), blended with the "
                + "IDF-weighted share of the question's words the passage contains. Uses embeddings stored at index time.";
    }

    /** Pure computation on the host's embeddings: no timeout hop needed. */
    @Override
    public boolean inProcess() {
        return true;
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return List.of(
                ConfigProperty.decimal("semanticWeight", "Semantic weight", LightweightEvaluator.Calibration.DEFAULT.semanticWeight())
                        .withRange(0, 1)
                        .withDescription("Share of the score from embedding similarity; the rest is lexical coverage."),
                ConfigProperty.decimal("cosineFloor", "Cosine floor", LightweightEvaluator.Calibration.DEFAULT.cosineFloor())
                        .withRange(-1, 1)
                        .withDescription("Cosine similarity at or below which the semantic part is 0."),
                ConfigProperty.decimal("cosineCeiling", "Cosine ceiling", LightweightEvaluator.Calibration.DEFAULT.cosineCeiling())
                        .withRange(-1, 1)
                        .withDescription("Cosine similarity at or above which the semantic part is 1."));
    }

    @Override
    public RetrievalEvaluator create(PluginContext context, PluginConfig config) {
        return new LightweightEvaluator(new LightweightEvaluator.Calibration(config.decimal("semanticWeight"),
                config.decimal("cosineFloor"), config.decimal("cosineCeiling")), context.embeddings());
    }
}

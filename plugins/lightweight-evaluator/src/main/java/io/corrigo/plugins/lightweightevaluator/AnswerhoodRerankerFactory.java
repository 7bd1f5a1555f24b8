package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.PluginContext;
import io.corrigo.api.Reranker;
import io.corrigo.api.RerankerFactory;
import io.corrigo.api.config.PluginConfig;
import org.pf4j.Extension;

/** Registers the answerhood reranker: an offline reranker from the same model as the default evaluator. */
@Extension
public class AnswerhoodRerankerFactory implements RerankerFactory {

    public static final String ID = "answerhood-reranker";

    /** Read once per plugin start: the weights are part of the plugin version. */
    private final AnswerhoodModel model = AnswerhoodModel.shipped();

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Reorders the retriever's candidates (three times the top-k) by the answerhood model's probability that "
                + "each passage answers the question, offline; the best top-k go on to grading. Helps when the "
                + "retriever finds the answering passage but ranks it below passages that only share the question's "
                + "words. The trace shows where each graded passage ranked before and after.";
    }

    /** Pure computation on the host's embeddings: no timeout hop needed. */
    @Override
    public boolean inProcess() {
        return true;
    }

    @Override
    public Reranker create(PluginContext context, PluginConfig config) {
        return new AnswerhoodReranker(new AnswerhoodEvaluator(model, context.embeddings()));
    }
}

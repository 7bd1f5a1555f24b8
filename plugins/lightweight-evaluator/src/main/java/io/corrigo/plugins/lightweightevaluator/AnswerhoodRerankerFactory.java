package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.PluginContext;
import io.corrigo.api.Reranker;
import io.corrigo.api.RerankerFactory;
import io.corrigo.api.config.PluginConfig;
import org.pf4j.Extension;

/** Registers the answerhood reranker: an offline reranker from the same model as the default evaluator. */
@Extension
public class AnswerhoodRerankerFactory extends AnswerhoodModelFactory implements RerankerFactory {

    public static final String ID = "answerhood-reranker";

    public AnswerhoodRerankerFactory() {
        super(ID, "Reorders the retriever's candidates (three times the top-k) by the answerhood model's probability that "
                + "each passage answers the question, offline; the best top-k go on to grading. Helps when the "
                + "retriever finds the answering passage but ranks it below passages that only share the question's "
                + "words. The trace shows where each graded passage ranked before and after.");
    }

    @Override
    public Reranker create(PluginContext context, PluginConfig config) {
        return new AnswerhoodReranker(new AnswerhoodEvaluator(model, context.embeddings()));
    }
}

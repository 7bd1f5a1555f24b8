package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.PluginFactory;
import io.corrigo.api.Reranker;
import io.corrigo.testkit.RerankerContract;

/** The answerhood reranker against the plugin API's reranker contract (test kit). */
class AnswerhoodRerankerContractTest extends RerankerContract {

    @Override
    protected PluginFactory<Reranker> factory() {
        return new AnswerhoodRerankerFactory();
    }
}

package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.PluginFactory;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.testkit.RetrievalEvaluatorContract;

/** The lightweight evaluator against the plugin API's evaluator contract (test kit). */
class LightweightEvaluatorContractTest extends RetrievalEvaluatorContract {

    @Override
    protected PluginFactory<RetrievalEvaluator> factory() {
        return new LightweightEvaluatorFactory();
    }
}

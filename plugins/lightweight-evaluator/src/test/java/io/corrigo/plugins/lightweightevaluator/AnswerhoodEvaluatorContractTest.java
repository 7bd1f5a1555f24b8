package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.PluginFactory;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.testkit.RetrievalEvaluatorContract;

/** The answerhood grader against the plugin API's evaluator contract (test kit). */
class AnswerhoodEvaluatorContractTest extends RetrievalEvaluatorContract {

    @Override
    protected PluginFactory<RetrievalEvaluator> factory() {
        return new AnswerhoodEvaluatorFactory();
    }
}

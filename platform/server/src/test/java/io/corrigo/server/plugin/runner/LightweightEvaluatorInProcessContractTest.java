package io.corrigo.server.plugin.runner;

import io.corrigo.api.PluginFactory;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.testkit.RetrievalEvaluatorContract;

/** The shipped lightweight evaluator, loaded from its plugin file and called in the host's JVM: the SDK's evaluator contract. */
class LightweightEvaluatorInProcessContractTest extends RetrievalEvaluatorContract {

    @Override
    protected PluginFactory<RetrievalEvaluator> factory() {
        return RunnerHosts.inProcess(StageKind.EVALUATOR, "lightweight-evaluator");
    }
}

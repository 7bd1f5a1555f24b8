package io.corrigo.server.plugin.runner;

import io.corrigo.api.PluginFactory;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.testkit.RetrievalEvaluatorContract;

/** The shipped lightweight evaluator, loaded from its plugin file and called through a plugin runner (another JVM, over the runner protocol): the SDK's evaluator contract. */
class LightweightEvaluatorThroughRunnerContractTest extends RetrievalEvaluatorContract {

    @Override
    protected PluginFactory<RetrievalEvaluator> factory() {
        return RunnerHosts.throughRunner(StageKind.EVALUATOR, "lightweight-evaluator");
    }
}

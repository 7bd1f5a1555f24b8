package io.corrigo.server.plugin.runner;

import io.corrigo.api.Generator;
import io.corrigo.api.PluginFactory;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.testkit.GeneratorContract;

/** The shipped extractive generator, loaded from its plugin file and called through a plugin runner (another JVM, over the runner protocol): the SDK's generator contract. */
class ExtractiveGeneratorThroughRunnerContractTest extends GeneratorContract {

    @Override
    protected PluginFactory<Generator> factory() {
        return RunnerHosts.throughRunner(StageKind.GENERATOR, "extractive-generator");
    }
}

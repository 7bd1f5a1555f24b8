package io.corrigo.server.plugin.runner;

import io.corrigo.api.Generator;
import io.corrigo.api.PluginFactory;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.testkit.GeneratorContract;

/** The shipped extractive generator, loaded from its plugin file and called in the host's JVM: the SDK's generator contract. */
class ExtractiveGeneratorInProcessContractTest extends GeneratorContract {

    @Override
    protected PluginFactory<Generator> factory() {
        return RunnerHosts.inProcess(StageKind.GENERATOR, "extractive-generator");
    }
}

package io.corrigo.plugins.extractivegenerator;

import io.corrigo.api.Generator;
import io.corrigo.api.PluginFactory;
import io.corrigo.testkit.GeneratorContract;

/** The extractive generator against the plugin API's generator contract (test kit). */
class ExtractiveGeneratorContractTest extends GeneratorContract {

    @Override
    protected PluginFactory<Generator> factory() {
        return new ExtractiveGeneratorFactory();
    }
}

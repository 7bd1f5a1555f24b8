package io.corrigo.plugins.llm;

import io.corrigo.api.Generator;
import io.corrigo.api.PluginFactory;
import io.corrigo.plugins.llm.testing.FakeModelServer;
import io.corrigo.testkit.GeneratorContract;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The OpenAI-compatible generator, against a model server stand-in on 127.0.0.1, checked by the generator contract. */
class OpenAiGeneratorContractTest extends GeneratorContract {

    private FakeModelServer model;

    @BeforeEach
    void startModel() throws Exception {
        // a model that answers from the first context sentence with its citation
        model = new FakeModelServer().script(r -> "Ocean tides are caused mainly by the gravitational pull of the Moon [1].");
    }

    @AfterEach
    void stopModel() {
        model.close();
    }

    @Override
    protected PluginFactory<Generator> factory() {
        return new OpenAiGeneratorFactory();
    }

    @Override
    protected Map<String, String> settings() {
        return Map.of("baseUrl", model.openAiUrl(), "model", "test-model", "apiKey", "sk-test");
    }
}

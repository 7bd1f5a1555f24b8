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

    @org.junit.jupiter.api.Test
    void should_pass_on_the_token_counts_the_model_reports__for_a_whole_and_a_streamed_answer() {
        // given
        Generator generator = newInstance();
        io.corrigo.api.GenerationRequest request = answerableRequest();
        String reply = "Ocean tides are caused mainly by the gravitational pull of the Moon [1].";

        // when
        io.corrigo.api.Answer whole = generator.generate(request);
        io.corrigo.api.Answer streamed = generator.generate(request, piece -> { });

        // then: the counts the server sent, for each call (it counts a token per word of the prompt, one per piece)
        org.assertj.core.api.Assertions.assertThat(model.requests).hasSize(2);
        int prompt = FakeModelServer.promptTokens(model.requests.get(0).body());
        org.assertj.core.api.Assertions.assertThat(prompt).isGreaterThan(10);
        org.assertj.core.api.Assertions.assertThat(whole.usage())
                .isEqualTo(new io.corrigo.api.TokenUsage(prompt, FakeModelServer.completionTokens(reply)));
        org.assertj.core.api.Assertions.assertThat(model.requests.get(1).stream()).isTrue();
        org.assertj.core.api.Assertions.assertThat(streamed.usage()).as("from the stream's usage chunk")
                .isEqualTo(new io.corrigo.api.TokenUsage(prompt, FakeModelServer.completionTokens(reply)));
    }
}

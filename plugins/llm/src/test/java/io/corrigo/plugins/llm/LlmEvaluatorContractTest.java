package io.corrigo.plugins.llm;

import io.corrigo.api.PluginFactory;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.plugins.llm.testing.FakeModelServer;
import io.corrigo.testkit.RetrievalEvaluatorContract;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The LLM evaluator, against a model server stand-in on 127.0.0.1 that grades like a model would (a passage sharing
 * two or more content words with the question is CORRECT), checked by the evaluator contract.
 */
class LlmEvaluatorContractTest extends RetrievalEvaluatorContract {

    private FakeModelServer model;

    @BeforeEach
    void startModel() throws Exception {
        model = new FakeModelServer().script(r -> {
            String user = r.lastUser();
            int split = user.indexOf("\nPassage: ");
            if (!user.startsWith("Question: ") || split < 0) {
                return "{\"grade\": \"INCORRECT\", \"score\": 0.0}";
            }
            Set<String> question = words(user.substring("Question: ".length(), split));
            long shared = words(user.substring(split)).stream().filter(question::contains).count();
            return shared >= 2 ? "{\"grade\": \"CORRECT\", \"score\": 0.9}" : "{\"grade\": \"INCORRECT\", \"score\": 0.05}";
        });
    }

    private static Set<String> words(String text) {
        return Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^a-z]+")).filter(w -> w.length() > 3).collect(Collectors.toSet());
    }

    @AfterEach
    void stopModel() {
        model.close();
    }

    @Override
    protected PluginFactory<RetrievalEvaluator> factory() {
        return new LlmEvaluatorFactory();
    }

    @Override
    protected Map<String, String> settings() {
        return Map.of("baseUrl", model.openAiUrl(), "model", "test-model", "apiKey", "sk-test");
    }
}

package io.corrigo.plugins.llm;

import io.corrigo.api.EvaluatorFactory;
import io.corrigo.api.PluginContext;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.util.ArrayList;
import java.util.List;
import org.pf4j.Extension;

/** CRAG's retrieval evaluator as an LLM grader with cached grades. */
@Extension
public class LlmEvaluatorFactory implements EvaluatorFactory {

    public static final String ID = "llm-evaluator";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Grades each retrieved passage CORRECT / AMBIGUOUS / INCORRECT with a language model (few-shot, JSON "
                + "output), OpenAI-compatible or Ollama. Unreadable output is graded AMBIGUOUS with the reason in the "
                + "trace; grades are cached per question and passage. One model call per passage: slower and costlier "
                + "than the lightweight evaluator, better on subtle questions.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        List<ConfigProperty> properties = new ArrayList<>(ModelEndpoint.properties(null, "https://api.openai.com/v1",
                "gpt-4o-mini", 64));
        properties.add(ConfigProperty.integer("cacheSeconds", "Cache grades for (s)", 3600).withRange(0, 604_800)
                .withDescription("How long a (question, passage) grade is reused; 0 turns the cache off."));
        properties.add(ConfigProperty.integer("cacheEntries", "Cache size", 10_000).withRange(1, 1_000_000)
                .withDescription("The most grades kept; the least recently used go first."));
        properties.add(ConfigProperty.bool("gradeStripsWithModel", "Grade sentences with the model", false)
                .withDescription("Also grade every sentence during refinement with the model (a call per sentence); "
                        + "off: sentences are scored by embeddings and word coverage."));
        properties.add(ConfigProperty.bool("sufficientContext", "Sufficient-context judgement", true)
                .withDescription("Ask whether the passage states the specific detail the question asks for (a passage "
                        + "on the topic without it is INCORRECT), rather than whether it is relevant."));
        return properties;
    }

    @Override
    public List<String> problems(PluginConfig config) {
        return ModelEndpoint.problems(config, null);
    }

    @Override
    public RetrievalEvaluator create(PluginContext context, PluginConfig config) {
        return new LlmEvaluator(new Chat(ModelEndpoint.from(config, null)), new GradeCache(context.clock(),
                config.integer("cacheSeconds"), (int) config.integer("cacheEntries")), config.bool("gradeStripsWithModel"),
                config.bool("sufficientContext"));
    }
}

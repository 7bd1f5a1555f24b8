package io.corrigo.plugins.llm;

import io.corrigo.api.Critic;
import io.corrigo.api.CriticFactory;
import io.corrigo.api.PluginContext;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.util.ArrayList;
import java.util.List;
import org.pf4j.Extension;

/** Self-RAG's ISSUP / ISUSE (and optionally Retrieve) judgements by a language model. */
@Extension
public class LlmCriticFactory implements CriticFactory {

    public static final String ID = "llm-critic";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "A language model checks every answer sentence against the context (full / partial / no support) and "
                + "rates the answer's usefulness 1-5; optionally it also decides whether a question needs retrieval. "
                + "One call per candidate answer.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        List<ConfigProperty> properties = new ArrayList<>(ModelEndpoint.properties(null, "https://api.openai.com/v1",
                "gpt-4o-mini", 512));
        properties.add(ConfigProperty.bool("decideRetrieval", "Decide retrieve-or-not", false)
                .withDescription("Ask the model whether each question needs retrieval (one more call per question); "
                        + "off: the host's heuristic decides."));
        properties.add(ConfigProperty.bool("sufficientContext", "Sufficient-context judgement", true)
                .withDescription("Also ask whether the answer states the specific detail the question asks for; an "
                        + "answer on the topic without it is rated 1 (does not answer) and not served."));
        return properties;
    }

    @Override
    public List<String> problems(PluginConfig config) {
        return ModelEndpoint.problems(config, null);
    }

    @Override
    public Critic create(PluginContext context, PluginConfig config) {
        return new LlmCritic(new Chat(ModelEndpoint.from(config, null)), config.bool("decideRetrieval"),
                config.bool("sufficientContext"));
    }
}

package io.corrigo.plugins.llm;

import io.corrigo.api.PluginContext;
import io.corrigo.api.QueryRewriter;
import io.corrigo.api.QueryRewriterFactory;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.util.List;
import org.pf4j.Extension;

/** Question rewriting by a language model, for web search and re-retrieval. */
@Extension
public class LlmQueryRewriterFactory implements QueryRewriterFactory {

    public static final String ID = "llm-query-rewriter";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "A language model turns the question into web-search keywords when the knowledge base fails, and "
                + "restates it for a second retrieval when the critic rejected an answer. Falls back on keywords when "
                + "the model fails.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return ModelEndpoint.properties(null, "https://api.openai.com/v1", "gpt-4o-mini", 64);
    }

    @Override
    public List<String> problems(PluginConfig config) {
        return ModelEndpoint.problems(config, null);
    }

    @Override
    public QueryRewriter create(PluginContext context, PluginConfig config) {
        return new LlmQueryRewriter(new Chat(ModelEndpoint.from(config, null)));
    }
}

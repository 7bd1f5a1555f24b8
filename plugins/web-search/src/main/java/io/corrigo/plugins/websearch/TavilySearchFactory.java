package io.corrigo.plugins.websearch;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.api.PluginContext;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchProviderFactory;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pf4j.Extension;

/** Tavily's search API: {@code POST /search} with a bearer key, results {title, url, content, score}. */
@Extension
public class TavilySearchFactory implements SearchProviderFactory {

    @Override
    public String id() {
        return "tavily-search";
    }

    @Override
    public String description() {
        return "Web search through Tavily (an API built for LLM retrieval). Needs an API key; results carry their URL "
                + "for citations and their snippet, cleaned of HTML.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return List.of(
                ConfigProperty.string("apiKey", "API key", null).asRequired().asSecret()
                        .withDescription("Your Tavily API key (tvly-…)."),
                ConfigProperty.string("baseUrl", "Base URL", "https://api.tavily.com")
                        .withDescription("Change only for a proxy or a test server."),
                ConfigProperty.string("searchDepth", "Search depth", "basic").withDescription("basic or advanced."),
                ConfigProperty.integer("requestTimeoutMillis", "HTTP timeout (ms)", 10_000).withRange(100, 120_000)
                        .withDescription("The plugin's own HTTP timeout; the pipeline's resilience timeout is usually shorter."));
    }

    @Override
    public List<String> problems(PluginConfig config) {
        return Urls.problems("baseUrl", config.string("baseUrl").orElse(null));
    }

    @Override
    public SearchProvider create(PluginContext context, PluginConfig config) {
        String key = config.string("apiKey").orElseThrow();
        URI endpoint = URI.create(config.string("baseUrl").orElseThrow().replaceAll("/+$", "") + "/search");
        String depth = config.string("searchDepth").orElse("basic");
        HttpJson http = new HttpJson("tavily", Duration.ofMillis(config.integer("requestTimeoutMillis")));
        return request -> {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("query", request.keywords());
            body.put("max_results", request.maxResults());
            body.put("search_depth", depth);
            body.put("include_answer", false);
            body.put("include_raw_content", false);
            JsonNode answer = http.post(endpoint, Map.of("Authorization", "Bearer " + key), body);
            return WebResults.from(answer.get("results"), "url", "content", request.maxResults());
        };
    }
}

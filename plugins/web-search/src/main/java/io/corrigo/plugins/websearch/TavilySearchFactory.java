package io.corrigo.plugins.websearch;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pf4j.Extension;

/** Tavily's search API: {@code POST /search} with a bearer key, results {title, url, content, score}. */
@Extension
public class TavilySearchFactory extends WebSearchFactory {

    public TavilySearchFactory() {
        super("tavily");
    }

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
    List<ConfigProperty> settings() {
        return List.of(
                ConfigProperty.string("apiKey", "API key", null).asRequired().asSecret()
                        .withDescription("Your Tavily API key (tvly-…)."),
                ConfigProperty.string("baseUrl", "Base URL", "https://api.tavily.com")
                        .withDescription("Change only for a proxy or a test server."),
                ConfigProperty.string("searchDepth", "Search depth", "basic").withDescription("basic or advanced."));
    }

    @Override
    SearchProvider create(PluginConfig config, HttpJson http) {
        String key = config.string("apiKey").orElseThrow();
        URI endpoint = URI.create(config.string("baseUrl").orElseThrow().replaceAll("/+$", "") + "/search");
        String depth = config.string("searchDepth").orElse("basic");
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

package io.corrigo.plugins.websearch;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.pf4j.Extension;

/** A self-hosted SearXNG instance's JSON API: {@code GET /search?q=…&format=json}. */
@Extension
public class SearxngSearchFactory extends WebSearchFactory {

    public SearxngSearchFactory() {
        super("searxng");
    }

    @Override
    public String id() {
        return "searxng-search";
    }

    @Override
    public String description() {
        return "Web search through your own SearXNG instance (JSON output must be enabled in its settings.yml). "
                + "No API key; the instance aggregates public search engines.";
    }

    @Override
    List<ConfigProperty> settings() {
        return List.of(
                ConfigProperty.string("baseUrl", "Instance URL", null).asRequired()
                        .withDescription("e.g. http://searxng.internal:8080"),
                ConfigProperty.string("categories", "Categories", "general"),
                ConfigProperty.string("language", "Language", "en"));
    }

    @Override
    SearchProvider create(PluginConfig config, HttpJson http) {
        String base = config.string("baseUrl").orElseThrow().replaceAll("/+$", "");
        String categories = config.string("categories").orElse("general");
        String language = config.string("language").orElse("en");
        return request -> {
            URI uri = URI.create(base + "/search?format=json&q=" + encode(request.keywords())
                    + "&categories=" + encode(categories) + "&language=" + encode(language));
            JsonNode answer = http.get(uri, Map.of());
            return WebResults.from(answer.get("results"), "url", "content", request.maxResults());
        };
    }
}

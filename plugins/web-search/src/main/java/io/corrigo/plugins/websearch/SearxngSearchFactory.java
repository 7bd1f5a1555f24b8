package io.corrigo.plugins.websearch;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.api.PluginContext;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchProviderFactory;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.pf4j.Extension;

/** A self-hosted SearXNG instance's JSON API: {@code GET /search?q=…&format=json}. */
@Extension
public class SearxngSearchFactory implements SearchProviderFactory {

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
    public List<ConfigProperty> configProperties() {
        return List.of(
                ConfigProperty.string("baseUrl", "Instance URL", null).asRequired()
                        .withDescription("e.g. http://searxng.internal:8080"),
                ConfigProperty.string("categories", "Categories", "general"),
                ConfigProperty.string("language", "Language", "en"),
                ConfigProperty.integer("requestTimeoutMillis", "HTTP timeout (ms)", 10_000).withRange(100, 120_000));
    }

    @Override
    public List<String> problems(PluginConfig config) {
        return Urls.problems("baseUrl", config.string("baseUrl").orElse(null));
    }

    @Override
    public SearchProvider create(PluginContext context, PluginConfig config) {
        String base = config.string("baseUrl").orElseThrow().replaceAll("/+$", "");
        String categories = config.string("categories").orElse("general");
        String language = config.string("language").orElse("en");
        HttpJson http = new HttpJson("searxng", Duration.ofMillis(config.integer("requestTimeoutMillis")));
        return request -> {
            URI uri = URI.create(base + "/search?format=json&q=" + encode(request.keywords())
                    + "&categories=" + encode(categories) + "&language=" + encode(language));
            JsonNode answer = http.get(uri, Map.of());
            return WebResults.from(answer.get("results"), "url", "content", request.maxResults());
        };
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}

package io.corrigo.plugins.websearch;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.api.PluginContext;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchProviderFactory;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.pf4j.Extension;

/** Google Programmable Search (Custom Search JSON API): {@code GET /customsearch/v1?key=…&cx=…&q=…}. */
@Extension
public class GoogleSearchFactory implements SearchProviderFactory {

    @Override
    public String id() {
        return "google-search";
    }

    @Override
    public String description() {
        return "Web search through Google Programmable Search. Needs an API key and a search engine id (cx); "
                + "at most 10 results per query.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return List.of(
                ConfigProperty.string("apiKey", "API key", null).asRequired().asSecret(),
                ConfigProperty.string("engineId", "Search engine id (cx)", null).asRequired(),
                ConfigProperty.string("baseUrl", "Base URL", "https://www.googleapis.com/customsearch/v1")
                        .withDescription("Change only for a proxy or a test server."),
                ConfigProperty.integer("requestTimeoutMillis", "HTTP timeout (ms)", 10_000).withRange(100, 120_000));
    }

    @Override
    public List<String> problems(PluginConfig config) {
        return Urls.problems("baseUrl", config.string("baseUrl").orElse(null));
    }

    @Override
    public SearchProvider create(PluginContext context, PluginConfig config) {
        String key = config.string("apiKey").orElseThrow();
        String cx = config.string("engineId").orElseThrow();
        String base = config.string("baseUrl").orElseThrow();
        HttpJson http = new HttpJson("google", Duration.ofMillis(config.integer("requestTimeoutMillis")));
        return request -> {
            int num = Math.min(10, request.maxResults());
            URI uri = URI.create(base + "?key=" + SearxngSearchFactory.encode(key) + "&cx=" + SearxngSearchFactory.encode(cx)
                    + "&q=" + SearxngSearchFactory.encode(request.keywords()) + "&num=" + num);
            JsonNode answer = http.get(uri, Map.of());
            return WebResults.from(answer.get("items"), "link", "snippet", num);
        };
    }
}

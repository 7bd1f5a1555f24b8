package io.corrigo.plugins.websearch;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.pf4j.Extension;

/** Google Programmable Search (Custom Search JSON API): {@code GET /customsearch/v1?key=…&cx=…&q=…}. */
@Extension
public class GoogleSearchFactory extends WebSearchFactory {

    public GoogleSearchFactory() {
        super("google");
    }

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
    List<ConfigProperty> settings() {
        return List.of(
                ConfigProperty.string("apiKey", "API key", null).asRequired().asSecret(),
                ConfigProperty.string("engineId", "Search engine id (cx)", null).asRequired(),
                ConfigProperty.string("baseUrl", "Base URL", "https://www.googleapis.com/customsearch/v1")
                        .withDescription("Change only for a proxy or a test server."));
    }

    @Override
    SearchProvider create(PluginConfig config, HttpJson http) {
        String key = config.string("apiKey").orElseThrow();
        String cx = config.string("engineId").orElseThrow();
        String base = config.string("baseUrl").orElseThrow();
        return request -> {
            int num = Math.min(10, request.maxResults());
            URI uri = URI.create(base + "?key=" + encode(key) + "&cx=" + encode(cx)
                    + "&q=" + encode(request.keywords()) + "&num=" + num);
            JsonNode answer = http.get(uri, Map.of());
            return WebResults.from(answer.get("items"), "link", "snippet", num);
        };
    }
}

package io.corrigo.plugins.websearch;

import io.corrigo.api.PluginContext;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchProviderFactory;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What every web-search factory of this plugin shares: a {@code baseUrl} checked before a pipeline is saved, an HTTP
 * timeout setting, and the JSON client made from it. A provider names its own settings and makes its search from
 * them.
 */
abstract class WebSearchFactory implements SearchProviderFactory {

    private final String name;

    /** @param name the provider's name in the HTTP client's errors ("tavily") */
    WebSearchFactory(String name) {
        this.name = name;
    }

    /** The provider's own settings, {@code baseUrl} among them; the HTTP timeout is added after them. */
    abstract List<ConfigProperty> settings();

    /** The provider's search, with {@code http} speaking JSON within the configured timeout. */
    abstract SearchProvider create(PluginConfig config, HttpJson http);

    @Override
    public final List<ConfigProperty> configProperties() {
        List<ConfigProperty> properties = new ArrayList<>(settings());
        properties.add(ConfigProperty.integer("requestTimeoutMillis", "HTTP timeout (ms)", 10_000).withRange(100, 120_000)
                .withDescription("The plugin's own HTTP timeout; the pipeline's resilience timeout is usually shorter."));
        return List.copyOf(properties);
    }

    @Override
    public List<String> problems(PluginConfig config) {
        return Urls.problems("baseUrl", config.string("baseUrl").orElse(null));
    }

    @Override
    public final SearchProvider create(PluginContext context, PluginConfig config) {
        return create(config, new HttpJson(name, Duration.ofMillis(config.integer("requestTimeoutMillis"))));
    }

    /** {@code value} for a URL's query. */
    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}

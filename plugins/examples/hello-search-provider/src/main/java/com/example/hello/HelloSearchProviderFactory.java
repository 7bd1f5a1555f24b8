package com.example.hello;

import io.corrigo.api.PluginContext;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchProviderFactory;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.pf4j.Extension;

/**
 * Registers the hello search provider with the host. {@code @Extension} is all PF4J needs: its annotation processor
 * lists this class in META-INF/extensions.idx, and the host finds it by its interface, {@link SearchProviderFactory}.
 */
@Extension
public class HelloSearchProviderFactory implements SearchProviderFactory {

    @Override
    public String id() {
        return "hello-search";
    }

    @Override
    public String description() {
        return "Searches a JSON search API: GET {baseUrl}/search?q=…&limit=… with a bearer key, answering "
                + "{\"results\":[{\"title\",\"url\",\"snippet\"}]}.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return List.of(
                ConfigProperty.string("baseUrl", "Base URL", "https://search.example.com").asRequired()
                        .withDescription("Where the search API answers."),
                // secret: stored encrypted by the host, masked in its UI, API and logs; never give it a default
                ConfigProperty.string("apiKey", "API key", null).asSecret()
                        .withDescription("Sent as 'Authorization: Bearer <key>'."),
                ConfigProperty.integer("timeoutMillis", "Timeout (ms)", 3000).withRange(100, 60000));
    }

    @Override
    public SearchProvider create(PluginContext context, PluginConfig config) {
        return new HelloSearchProvider(URI.create(config.string("baseUrl").orElseThrow()),
                config.string("apiKey").orElse(""), Duration.ofMillis(config.integer("timeoutMillis")));
    }
}

package io.corrigo.plugins.connectors;

import io.corrigo.api.Connector;
import io.corrigo.api.ConnectorFactory;
import io.corrigo.api.PluginContext;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.net.URI;
import java.util.List;
import org.pf4j.Extension;

/** Registers the website connector. */
@Extension
public class WebsiteConnectorFactory implements ConnectorFactory {

    public static final String ID = "website";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Crawls a website from a start page and its sitemap, following links on the same site, and keeps a "
                + "knowledge base in step with it: it obeys robots.txt (rules and crawl delay), limits pages, depth and "
                + "request rate, and asks again with If-None-Match / If-Modified-Since, so an unchanged page is neither "
                + "downloaded nor indexed again.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return List.of(
                ConfigProperty.string("startUrl", "Start page", null).asRequired()
                        .withDescription("An http:// or https:// address; the crawl stays on its site (scheme, host, port)."),
                ConfigProperty.integer("maxPages", "Pages at most", 200).withRange(1, 10_000),
                ConfigProperty.integer("maxDepth", "Link depth", 5).withRange(0, 20)
                        .withDescription("How many links away from the start page (sitemap pages count as depth 1)."),
                ConfigProperty.decimal("requestsPerSecond", "Requests per second", 10).withRange(0.1, 100)
                        .withDescription("At most; a slower robots.txt crawl delay wins."),
                ConfigProperty.bool("sitemap", "Read the sitemap", true)
                        .withDescription("The sitemaps robots.txt names, else /sitemap.xml."),
                ConfigProperty.bool("sameSiteOnly", "Same site only", true)
                        .withDescription("Off: links to other sites are followed too (each checked by robots.txt)."));
    }

    @Override
    public List<String> problems(PluginConfig config) {
        String value = config.string("startUrl").orElse("");
        try {
            URI uri = URI.create(value);
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
                return List.of("startUrl: an http:// or https:// address, not '" + value + "'");
            }
        } catch (IllegalArgumentException e) {
            return List.of("startUrl: not an address ('" + value + "')");
        }
        return List.of();
    }

    @Override
    public Connector create(PluginContext context, PluginConfig config) {
        return new WebsiteConnector(URI.create(config.string("startUrl").orElseThrow()), (int) config.integer("maxPages"),
                (int) config.integer("maxDepth"), config.decimal("requestsPerSecond"), config.bool("sitemap"),
                config.bool("sameSiteOnly"), context.dataDirectory());
    }
}

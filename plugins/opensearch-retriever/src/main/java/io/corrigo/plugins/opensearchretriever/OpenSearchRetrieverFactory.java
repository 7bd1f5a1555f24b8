package io.corrigo.plugins.opensearchretriever;

import io.corrigo.api.PluginContext;
import io.corrigo.api.Retriever;
import io.corrigo.api.RetrieverFactory;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.net.URI;
import io.corrigo.plugins.hybrid.FusionSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.pf4j.Extension;

/** Registers the OpenSearch retriever. */
@Extension
public class OpenSearchRetrieverFactory implements RetrieverFactory {

    public static final String ID = "opensearch-retriever";

    @Override
    public String id() {
        return ID;
    }

    /** Index prefixes: no "-", the separator before the tenant id (which may hold "-"), so names cannot alias. */
    private static final java.util.regex.Pattern PREFIX = java.util.regex.Pattern.compile("[a-z][a-z0-9_]{0,31}");

    @Override
    public String description() {
        return "The knowledge base in an OpenSearch cluster that every Corrigo host shares: one index per tenant, BM25 and "
                + "k-NN (HNSW, lucene engine) fused by reciprocal rank. Stores each passage's sentence strips with their "
                + "embeddings. For several hosts, or more passages than one host's Lucene index should hold.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        List<ConfigProperty> properties = new ArrayList<>(List.of(
                ConfigProperty.string("url", "OpenSearch URL", "http://localhost:9200").asRequired()
                        .withDescription("The cluster's REST endpoint, e.g. https://opensearch:9200."),
                ConfigProperty.string("username", "User", null)
                        .withDescription("For HTTP basic authentication (the security plugin); empty for none."),
                ConfigProperty.string("password", "Password", null).asSecret(),
                ConfigProperty.string("indexPrefix", "Index prefix", "corrigo")
                        .withDescription("The tenant's index is <prefix>-<tenant>-kb. Lower-case letters, digits and _, "
                                + "at most 32: no -, so that no prefix and tenant can name another tenant's index."),
                ConfigProperty.integer("replicas", "Replicas", 0).withRange(0, 10)
                        .withDescription("Replica shards of a new index: 0 on a single node, 1 or more on a cluster.")));
        properties.addAll(FusionSettings.properties("BM25", "k-NN"));
        properties.add(ConfigProperty.integer("timeoutMillis", "Request timeout (ms)", 10_000).withRange(100, 300_000));
        return properties;
    }

    @Override
    public List<String> problems(PluginConfig config) {
        List<String> problems = new java.util.ArrayList<>();
        String prefix = config.string("indexPrefix").orElse("corrigo");
        if (!PREFIX.matcher(prefix).matches()) {
            problems.add("indexPrefix must be 1-32 lower-case letters, digits or _ starting with a letter (no -, which "
                    + "separates it from the tenant), got " + prefix);
        }
        String url = config.string("url").orElse("");
        if (!url.matches("(?i)https?://[^/?#\\s]+.*")) {
            problems.add("url must be the cluster's http:// or https:// URL, got " + url);
        }
        return problems;
    }

    @Override
    public Retriever create(PluginContext context, PluginConfig config) {
        OpenSearchClient client = new OpenSearchClient(URI.create(config.string("url").orElseThrow()),
                config.string("username").orElse(null), config.string("password").orElse(null),
                Duration.ofMillis(config.integer("timeoutMillis")));
        List<String> problems = problems(config);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        String prefix = config.string("indexPrefix").orElse("corrigo");
        String index = (prefix + "-" + context.tenantId() + "-kb").toLowerCase(java.util.Locale.ROOT);
        return new OpenSearchRetriever(client, index, context.embeddings(),
                new OpenSearchRetriever.Settings(FusionSettings.from(config), (int) config.integer("replicas")));
    }
}

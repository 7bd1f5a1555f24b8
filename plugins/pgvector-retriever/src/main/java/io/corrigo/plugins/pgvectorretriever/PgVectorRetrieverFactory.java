package io.corrigo.plugins.pgvectorretriever;

import io.corrigo.api.PluginContext;
import io.corrigo.api.Retriever;
import io.corrigo.api.RetrieverFactory;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.plugins.hybrid.FusionSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.pf4j.Extension;

/** Registers the pgvector retriever. */
@Extension
public class PgVectorRetrieverFactory implements RetrieverFactory {

    public static final String ID = "pgvector-retriever";

    private static final Pattern PREFIX = Pattern.compile("[a-z][a-z0-9]{0,15}");
    private static final Pattern LANGUAGE = Pattern.compile("[a-z_]{1,40}");

    /** One pool per database and account, shared by every tenant's retriever of this plugin start. */
    private final ConnectionPools pools = new ConnectionPools();

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "The knowledge base in a PostgreSQL database with the pgvector extension, for teams that already run "
                + "PostgreSQL: one table per tenant, full-text search and HNSW cosine search fused by reciprocal rank. "
                + "Stores each passage's sentence strips with their embeddings. Every host pointing at the database shares it.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        List<ConfigProperty> properties = new ArrayList<>(List.of(
                ConfigProperty.string("url", "JDBC URL", "jdbc:postgresql://localhost:5432/corrigo").asRequired()
                        .withDescription("The database, e.g. jdbc:postgresql://db:5432/knowledge. The account needs CREATE "
                                + "on the schema; the vector extension must be installed or installable by it."),
                ConfigProperty.string("username", "User", "corrigo"),
                ConfigProperty.string("password", "Password", null).asSecret(),
                ConfigProperty.string("tablePrefix", "Table prefix", "corrigo")
                        .withDescription("The tenant's table is <prefix>_<tenant>_kb. Lower-case letters and digits, at most 16: no _, so that no "
                                + "prefix and tenant can name another tenant's table."),
                ConfigProperty.string("language", "Text search configuration", "english")
                        .withDescription("PostgreSQL's stemming and stop words for full-text search: english, simple, german, ..."),
                ConfigProperty.integer("poolSize", "Connections", 4).withRange(1, 64)
                        .withDescription("At most this many connections, shared by every tenant using the same database and user.")));
        properties.addAll(FusionSettings.properties("full-text search", "vector search"));
        properties.add(ConfigProperty.integer("timeoutMillis", "Statement timeout (ms)", 10_000).withRange(100, 300_000)
                .withDescription("Waiting for a connection and running one statement, each at most this long."));
        return properties;
    }

    @Override
    public List<String> problems(PluginConfig config) {
        List<String> problems = new ArrayList<>();
        String url = config.string("url").orElse("");
        if (!url.startsWith("jdbc:postgresql:")) {
            problems.add("url must be a PostgreSQL JDBC URL (jdbc:postgresql://host:port/database), got " + url);
        }
        String prefix = config.string("tablePrefix").orElse("corrigo");
        if (!PREFIX.matcher(prefix).matches()) {
            problems.add("tablePrefix must be 1-16 lower-case letters or digits starting with a letter (no _, which "
                    + "separates it from the tenant), got " + prefix);
        }
        String language = config.string("language").orElse("english");
        if (!LANGUAGE.matcher(language).matches()) {
            problems.add("language must name a text search configuration (e.g. english), got " + language);
        }
        return problems;
    }

    @Override
    public Retriever create(PluginContext context, PluginConfig config) {
        List<String> problems = problems(config);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        String url = config.string("url").orElseThrow();
        String prefix = config.string("tablePrefix").orElse("corrigo");
        String language = config.string("language").orElse("english");
        String table = prefix + "_" + context.tenantId().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "_") + "_kb";
        long timeout = config.integer("timeoutMillis");
        ConnectionPools.Lease lease = pools.lease(new ConnectionPools.Target(url, config.string("username").orElse(null),
                config.string("password").orElse(null), (int) config.integer("poolSize"), timeout));
        return new PgVectorRetriever(lease.dataSource(), lease, table, context.embeddings(),
                new PgVectorRetriever.Settings(FusionSettings.from(config), language));
    }

    /** How many connection pools this factory holds open (for tests). */
    int openPools() {
        return pools.open();
    }

    /** Closes the pools: the host calls this when the plugin stops, after closing every retriever. */
    @Override
    public void close() {
        pools.close();
    }
}

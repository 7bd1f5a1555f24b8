package io.corrigo.plugins.pgvectorretriever;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.api.EmbeddingService;
import io.corrigo.api.KnowledgeIndex;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Retriever;
import io.corrigo.api.TermStatistics;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.plugins.pgvectorretriever.testing.PgliteServer;
import io.corrigo.testkit.HashingEmbeddings;
import io.corrigo.testkit.SampleCorpus;
import io.corrigo.testkit.TestPluginContext;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the contract does not cover: tenants kept apart, strips and vectors round-tripped, the table as created, pools shared. */
class PgVectorRetrieverTest {

    private final HashingEmbeddings embeddings = new HashingEmbeddings();

    @TempDir
    Path data;

    private Retriever retriever(String tenant, String prefix, EmbeddingService service, Map<String, String> extra) {
        return retriever(new PgVectorRetrieverFactory(), tenant, prefix, service, extra);
    }

    private Retriever retriever(PgVectorRetrieverFactory factory, String tenant, String prefix, EmbeddingService service,
                                Map<String, String> extra) {
        Map<String, String> settings = new HashMap<>(PgliteServer.settings(prefix));
        settings.putAll(extra);
        return factory.create(new TestPluginContext(tenant, data, service, Clock.systemUTC()),
                PluginConfig.resolve(factory.configProperties(), settings));
    }

    private Query query(String text) {
        return new Query(text, embeddings.embed(text), TermStatistics.UNIFORM);
    }

    @Test
    void should_keep_each_tenant_in_its_own_table() throws Exception {
        Retriever acme = retriever("acme", "iso", embeddings, Map.of());
        Retriever globex = retriever("globex-eu", "iso", embeddings, Map.of());
        ((KnowledgeIndex) acme).upsert(SampleCorpus.entries(embeddings).stream().map(SampleCorpus.Entry::passage).toList());

        assertThat(acme.retrieve(query("What causes ocean tides?"), 3)).isNotEmpty();
        assertThat(globex.retrieve(query("What causes ocean tides?"), 3)).as("another tenant's passages").isEmpty();
        assertThat(((KnowledgeIndex) globex).size()).isZero();
        assertThat(((PgVectorRetriever) globex).table()).isEqualTo("iso_globex_eu_kb");
        ((AutoCloseable) acme).close();
        ((AutoCloseable) globex).close();
    }

    @Test
    void should_return_the_strips_and_embeddings_it_was_given_and_replace_by_id() throws Exception {
        Retriever retriever = retriever("strips", "rt", embeddings, Map.of());
        Passage stored = SampleCorpus.entries(embeddings).get(3).passage();
        ((KnowledgeIndex) retriever).upsert(List.of(stored));
        ((KnowledgeIndex) retriever).upsert(List.of(stored));

        Passage found = retriever.retrieve(query("How do honey bees tell each other where flowers are?"), 1).get(0);

        assertThat(((KnowledgeIndex) retriever).size()).as("the second upsert replaced the first").isEqualTo(1);
        assertThat(found.id()).isEqualTo(stored.id());
        assertThat(found.source()).isEqualTo(stored.source());
        assertThat(found.metadata()).isEqualTo(stored.metadata());
        assertThat(found.strips()).extracting(s -> s.text()).isEqualTo(stored.strips().stream().map(s -> s.text()).toList());
        assertThat(found.strips().get(0).embedding().cosine(stored.strips().get(0).embedding())).isGreaterThan(0.9999);
        assertThat(found.embedding().cosine(stored.embedding())).isGreaterThan(0.9999);
        ((AutoCloseable) retriever).close();
    }

    @Test
    void should_find_a_passage_by_its_words_alone_when_vectors_are_off() throws Exception {
        Retriever lexical = retriever("lexical", "lex", embeddings, Map.of("vectorWeight", "0"));
        ((KnowledgeIndex) lexical).upsert(SampleCorpus.entries(embeddings).stream().map(SampleCorpus.Entry::passage).toList());

        List<Passage> found = lexical.retrieve(new Query("honey bee dance", null, TermStatistics.UNIFORM), 2);

        assertThat(found).isNotEmpty();
        assertThat(found.get(0).text()).containsIgnoringCase("bee");
        assertThat(lexical.retrieve(new Query("zeppelin xylophone", null, TermStatistics.UNIFORM), 3)).isEmpty();
        ((AutoCloseable) lexical).close();
    }

    @Test
    void should_create_an_hnsw_index_and_refuse_vectors_of_another_model() throws Exception {
        Retriever retriever = retriever("mapping", "map", embeddings, Map.of());
        assertThat(((KnowledgeIndex) retriever).size()).isZero();
        try (Connection c = DriverManager.getConnection(PgliteServer.jdbcUrl(), "postgres", "postgres");
             ResultSet r = c.createStatement().executeQuery(
                     "SELECT indexdef FROM pg_indexes WHERE tablename = 'map_mapping_kb' ORDER BY indexname")) {
            List<String> indexes = new java.util.ArrayList<>();
            while (r.next()) {
                indexes.add(r.getString(1));
            }
            assertThat(indexes).anyMatch(d -> d.contains("USING hnsw (embedding vector_cosine_ops)"))
                    .anyMatch(d -> d.contains("USING gin (tsv)"));
        }

        EmbeddingService other = new HashingEmbeddings(8); // another model
        Retriever mismatched = retriever("mapping", "map", other, Map.of());
        assertThatThrownBy(() -> ((KnowledgeIndex) mismatched).size())
                .hasMessageContaining("holds vectors of model '" + embeddings.modelId() + "'")
                .hasMessageContaining("re-index");
        ((AutoCloseable) retriever).close();
        ((AutoCloseable) mismatched).close();
    }

    @Test
    void should_share_one_pool_per_database_and_close_it_with_the_last_retriever() throws Exception {
        PgVectorRetrieverFactory factory = new PgVectorRetrieverFactory();
        Retriever a = retriever(factory, "pool-a", "pool", embeddings, Map.of("poolSize", "3"));
        Retriever b = retriever(factory, "pool-b", "pool", embeddings, Map.of("poolSize", "3"));
        assertThat(factory.openPools()).isEqualTo(1);
        ((AutoCloseable) a).close();
        ((AutoCloseable) a).close(); // twice is harmless
        assertThat(factory.openPools()).isEqualTo(1);
        ((AutoCloseable) b).close();
        assertThat(factory.openPools()).isZero();
    }

    @Test
    void should_close_every_pool_when_the_factory_closes() throws Exception {
        // given: a pool in use, as when the plugin is disabled while a pipeline still holds a retriever
        PgVectorRetrieverFactory factory = new PgVectorRetrieverFactory();
        Retriever retriever = retriever(factory, "pool-c", "pool", embeddings, Map.of());
        assertThat(((KnowledgeIndex) retriever).size()).isZero();
        assertThat(factory.openPools()).isEqualTo(1);

        // when
        factory.close();

        // then: the pool is gone, and a retriever left over fails with a reason instead of hanging
        assertThat(factory.openPools()).isZero();
        assertThatThrownBy(() -> ((KnowledgeIndex) retriever).size()).hasMessageContaining("PostgreSQL failed");
        ((AutoCloseable) retriever).close(); // after the factory: harmless
    }

    @Test
    void should_refuse_bad_settings_and_say_what_is_wrong_when_postgresql_cannot_be_reached() throws Exception {
        assertThatThrownBy(() -> retriever("t", "p", embeddings, Map.of("url", "jdbc:mysql://localhost/x")))
                .hasMessageContaining("PostgreSQL JDBC URL");
        assertThatThrownBy(() -> retriever("t", "Bad-Prefix", embeddings, Map.of())).hasMessageContaining("tablePrefix");
        // prefix x_acme for tenant eu would be the table of tenant acme-eu under prefix x (x_acme_eu_kb)
        assertThatThrownBy(() -> retriever("eu", "x_acme", embeddings, Map.of())).hasMessageContaining("tablePrefix");
        assertThatThrownBy(() -> retriever("t", "p", embeddings, Map.of("language", "english'; drop table x; --")))
                .hasMessageContaining("language");

        Retriever unreachable = retriever("t", "p", embeddings,
                Map.of("url", "jdbc:postgresql://127.0.0.1:1/none", "timeoutMillis", "500"));
        assertThatThrownBy(() -> unreachable.retrieve(query("tides"), 3))
                .hasMessageStartingWith("PostgreSQL failed preparing table p_t_kb")
                .hasMessageContaining("127.0.0.1:1");
        ((AutoCloseable) unreachable).close();
    }
}

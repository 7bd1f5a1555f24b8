package io.corrigo.plugins.opensearchretriever;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.KnowledgeIndex;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Retriever;
import io.corrigo.api.TermStatistics;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.plugins.opensearchretriever.testing.OpenSearchNode;
import io.corrigo.testkit.HashingEmbeddings;
import io.corrigo.testkit.SampleCorpus;
import io.corrigo.testkit.TestPluginContext;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the contract does not cover: tenants kept apart, strips and vectors round-tripped, the index as created. */
class OpenSearchRetrieverTest {

    private final HashingEmbeddings embeddings = new HashingEmbeddings();

    @TempDir
    Path data;

    private Retriever retriever(String tenant, String prefix, EmbeddingService service) {
        OpenSearchRetrieverFactory factory = new OpenSearchRetrieverFactory();
        return factory.create(new TestPluginContext(tenant, data, service, Clock.systemUTC()),
                PluginConfig.resolve(factory.configProperties(), Map.of("url", OpenSearchNode.url(), "indexPrefix", prefix)));
    }

    private Query query(String text) {
        return new Query(text, embeddings.embed(text), TermStatistics.UNIFORM);
    }

    @Test
    void should_keep_each_tenant_in_its_own_index() {
        Retriever acme = retriever("acme", "iso", embeddings);
        Retriever globex = retriever("globex", "iso", embeddings);
        ((KnowledgeIndex) acme).upsert(SampleCorpus.entries(embeddings).stream().map(SampleCorpus.Entry::passage).toList());

        assertThat(acme.retrieve(query("What causes ocean tides?"), 3)).isNotEmpty();
        assertThat(globex.retrieve(query("What causes ocean tides?"), 3)).as("another tenant's passages").isEmpty();
        assertThat(((KnowledgeIndex) globex).size()).isZero();
    }

    @Test
    void should_refuse_a_prefix_that_could_name_another_tenants_index() {
        // prefix x-acme for tenant eu would be the index of tenant acme-eu under prefix x (x-acme-eu-kb)
        assertThatThrownBy(() -> retriever("eu", "x-acme", embeddings)).hasMessageContaining("indexPrefix");
    }

    @Test
    void should_return_the_strips_and_embeddings_it_was_given() {
        Retriever retriever = retriever("strips", "rt", embeddings);
        Passage stored = SampleCorpus.entries(embeddings).get(3).passage();
        ((KnowledgeIndex) retriever).upsert(List.of(stored));

        Passage found = retriever.retrieve(query("How do honey bees tell each other where flowers are?"), 1).get(0);

        assertThat(found.id()).isEqualTo(stored.id());
        assertThat(found.source()).isEqualTo(stored.source());
        assertThat(found.strips()).extracting(s -> s.text()).isEqualTo(stored.strips().stream().map(s -> s.text()).toList());
        assertThat(found.strips().get(0).embedding().cosine(stored.strips().get(0).embedding())).isGreaterThan(0.9999);
        assertThat(found.embedding().cosine(stored.embedding())).isGreaterThan(0.9999);
    }

    @Test
    void should_create_a_knn_index_on_the_lucene_engine_and_refuse_vectors_of_another_model() {
        Retriever retriever = retriever("mapping", "map", embeddings);
        assertThat(((KnowledgeIndex) retriever).size()).isZero();
        OpenSearchClient client = new OpenSearchClient(URI.create(OpenSearchNode.url()), null, null, Duration.ofSeconds(10));
        JsonNode vector = client.get("/map-mapping-kb/_mapping").path("map-mapping-kb").path("mappings").path("properties").path("embedding");

        assertThat(vector.path("type").asText()).isEqualTo("knn_vector");
        assertThat(vector.path("dimension").asInt()).isEqualTo(HashingEmbeddings.DIMENSION);
        assertThat(vector.path("method").path("engine").asText()).isEqualTo("lucene");

        EmbeddingService other = new HashingEmbeddings(8); // another model
        assertThatThrownBy(() -> ((KnowledgeIndex) retriever("mapping", "map", other)).size())
                .hasMessageContaining("holds vectors of model '" + embeddings.modelId() + "'")
                .hasMessageContaining("re-index");
    }

    @Test
    void should_say_what_is_wrong_when_opensearch_cannot_be_reached() {
        OpenSearchRetrieverFactory factory = new OpenSearchRetrieverFactory();
        Retriever unreachable = factory.create(TestPluginContext.in(data), PluginConfig.resolve(factory.configProperties(),
                Map.of("url", "http://127.0.0.1:1", "timeoutMillis", "500")));

        assertThatThrownBy(() -> unreachable.retrieve(query("tides"), 3)).hasMessageContaining("OpenSearch at http://127.0.0.1:1 unreachable");
    }
}

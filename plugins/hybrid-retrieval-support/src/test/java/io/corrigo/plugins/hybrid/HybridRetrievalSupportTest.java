package io.corrigo.plugins.hybrid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.api.Embedding;
import io.corrigo.api.Strip;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.testkit.HashingEmbeddings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HybridRetrievalSupportTest {

    private final HashingEmbeddings embeddings = new HashingEmbeddings();

    @Test
    void should_rank_a_hit_in_both_lists_above_hits_in_one__equal_weights() {
        // given: "b" is second in both lists, "a" first only lexically, "c" first only by vector
        RankFusion<String> fusion = new RankFusion<String>(60)
                .add("bm25", List.of("a", "b"), 0.5)
                .add("vector", List.of("c", "b"), 0.5);

        // when
        List<RankFusion.Fused<String>> top = fusion.top(3);

        // then
        assertThat(top).extracting(RankFusion.Fused::key).containsExactly("b", "a", "c");
        assertThat(top.get(0).score()).isCloseTo(2 * 0.5 / 62, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(top.get(0).ranks()).isEqualTo("bm25#2 vector#2");
        assertThat(top.get(1).ranks()).isEqualTo("bm25#1");
    }

    @Test
    void should_follow_the_weights_and_cut_at_n() {
        RankFusion<Integer> fusion = new RankFusion<Integer>(1)
                .add("bm25", List.of(1, 2, 3), 0.2)
                .add("vector", List.of(4, 5), 0.8);

        assertThat(fusion.top(2)).extracting(RankFusion.Fused::key).containsExactly(4, 5);
        assertThat(fusion.top(10)).hasSize(5);
        assertThat(new RankFusion<Integer>(60).top(5)).isEmpty();
        assertThatThrownBy(() -> new RankFusion<Integer>(0)).hasMessageContaining("at least 1");
    }

    @Test
    void should_declare_and_read_the_fusion_settings__defaults_and_bounds() {
        List<ConfigProperty> properties = FusionSettings.properties("BM25", "k-NN");

        FusionSettings defaults = FusionSettings.from(PluginConfig.defaults(properties));
        FusionSettings set = FusionSettings.from(PluginConfig.resolve(properties,
                Map.of("candidates", "7", "rrfK", "10", "vectorWeight", "0.25")));

        assertThat(defaults).isEqualTo(new FusionSettings(50, 60, 0.5));
        assertThat(set).isEqualTo(new FusionSettings(7, 10, 0.25));
        assertThat(set.candidates(20)).isEqualTo(20);
        assertThat(set.lexicalWeight(true)).isEqualTo(0.75);
        assertThat(set.lexicalWeight(false)).isEqualTo(1.0);
        assertThat(new FusionSettings(5, 60, 0).usesVectors(true)).isFalse();
        assertThat(properties).extracting(ConfigProperty::description)
                .anyMatch(d -> d.contains("BM25") && d.contains("k-NN"));
        assertThatThrownBy(() -> PluginConfig.resolve(properties, Map.of("vectorWeight", "1.5")))
                .hasMessageContaining("vectorWeight");
    }

    @Test
    void should_round_trip_strips_vectors_and_metadata_as_json() throws Exception {
        // given: one strip with its vector, one without (embedded on the way in)
        Strip withVector = new Strip(1, "Tides follow the moon.", embeddings.embed("Tides follow the moon."));
        Strip without = new Strip(0, "The sea rises twice a day.", null);
        ObjectMapper json = new ObjectMapper();

        // when
        JsonNode stored = json.readTree(json.writeValueAsString(StoredJson.strips(List.of(withVector, without), embeddings)));
        List<Strip> read = StoredJson.strips(stored);

        // then: ordered by index, every strip with a vector, the given one unchanged
        assertThat(read).extracting(Strip::index).containsExactly(0, 1);
        assertThat(read.get(0).embedding()).isEqualTo(embeddings.embed("The sea rises twice a day."));
        assertThat(read.get(1).embedding()).isEqualTo(withVector.embedding());
        Embedding vector = embeddings.embed("x");
        assertThat(StoredJson.embedding(json.readTree(json.writeValueAsString(StoredJson.vector(vector))))).isEqualTo(vector);
        assertThat(StoredJson.embedding(json.createArrayNode())).isNull();
        assertThat(StoredJson.metadata(StoredJson.metadata(Map.of("section", "Tides")))).containsEntry("section", "Tides");
    }

    @Test
    void should_refuse_an_index_of_another_model_and_name_both() {
        IndexModel host = IndexModel.of(embeddings);

        assertThat(IndexModel.parse(host.marker())).isEqualTo(host);
        assertThat(IndexModel.parse("some other comment")).isNull();
        host.requireSame(IndexModel.parse(host.marker()), "table t_kb");
        assertThatThrownBy(() -> host.requireSame(new IndexModel("other-model", 8), "table t_kb"))
                .hasMessageStartingWith("table t_kb holds vectors of model 'other-model' (8 dimensions)")
                .hasMessageContaining("'" + embeddings.modelId() + "'")
                .hasMessageContaining("re-index");
        assertThatThrownBy(() -> host.requireSame(null, "index i")).hasMessageContaining("an unknown model");
    }
}

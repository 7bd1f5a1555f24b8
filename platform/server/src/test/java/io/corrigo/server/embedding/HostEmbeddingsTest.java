package io.corrigo.server.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.config.ConfigProperty;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The host's embeddings: the built-in model gives LangChain4j's MiniLM vectors; recent texts come from the cache (the
 * same vector, least recently used out first), and a list embeds only what the cache lacks, in one call; an embedder
 * the operator names must be one a started plugin offers, with settings it takes.
 */
class HostEmbeddingsTest {

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final HostEmbeddings embeddings = new HostEmbeddings(new MiniLmEmbeddingService(), 2, meters);

    private double count(String result) {
        return meters.get("corrigo.embeddings.cache").tag("result", result).counter().count();
    }

    @Test
    void should_serve_a_text_seen_lately_from_the_cache__the_same_vector_the_model_gives() {
        // when
        Embedding first = embeddings.embed("How is hepatitis C transmitted?");
        Embedding again = embeddings.embed("How is hepatitis C transmitted?");

        // then
        assertThat(again).isEqualTo(first).isEqualTo(new MiniLmEmbeddingService().embed("How is hepatitis C transmitted?"));
        assertThat(count("hit")).isEqualTo(1);
        assertThat(count("miss")).isEqualTo(1);
    }

    @Test
    void should_give_the_vectors_of_langchain4j_s_own_minilm__its_session_tuned_for_a_server_not_another_model() {
        // given LangChain4j's model as it ships (a thread per core, spinning) and the host's session of the same file
        AllMiniLmL6V2QuantizedEmbeddingModel reference = new AllMiniLmL6V2QuantizedEmbeddingModel();

        for (String text : new String[] {"How is hepatitis C transmitted?", "Insulin is produced by beta cells."}) {
            // when
            float[] expected = reference.embed(text).content().vector();
            Embedding actual = new MiniLmEmbeddingService().embed(text);

            // then: the same vector, to float rounding
            assertThat(actual.dimension()).isEqualTo(384).isEqualTo(expected.length);
            for (int i = 0; i < expected.length; i++) {
                assertThat((double) actual.get(i)).as(text + " [" + i + "]")
                        .isCloseTo(expected[i], org.assertj.core.data.Offset.offset(1e-5));
            }
        }
    }

    @Test
    void should_forget_the_least_recently_used_text_beyond_its_capacity__and_never_keep_long_texts() {
        // given a cache of two
        embeddings.embed("one");
        embeddings.embed("two");
        embeddings.embed("one"); // "two" is now the least recently used

        // when
        embeddings.embed("three");
        embeddings.embed("x".repeat(HostEmbeddings.MAX_CACHED_CHARS + 1));

        // then
        assertThat(embeddings.cached()).isEqualTo(2);
        embeddings.embed("one");
        assertThat(count("hit")).as("one stayed").isEqualTo(2);
        embeddings.embed("two");
        assertThat(count("miss")).as("two was forgotten").isEqualTo(4);
    }

    @Test
    void should_embed_a_list_in_one_call_for_the_texts_the_cache_lacks__in_order() {
        // given a model that counts its calls, behind a cache that knows "one"
        List<List<String>> calls = new ArrayList<>();
        EmbeddingService counting = new EmbeddingService() {
            @Override
            public Embedding embed(String text) {
                calls.add(List.of(text));
                return Embedding.of(new float[] {text.length(), 1});
            }

            @Override
            public List<Embedding> embedAll(List<String> texts) {
                calls.add(texts);
                return texts.stream().map(t -> Embedding.of(new float[] {t.length(), 1})).toList();
            }

            @Override
            public int dimension() {
                return 2;
            }

            @Override
            public String modelId() {
                return "counting";
            }
        };
        HostEmbeddings cached = new HostEmbeddings(counting, 10, new SimpleMeterRegistry());
        cached.embed("one");

        // when
        List<Embedding> all = cached.embedAll(List.of("three", "one", "seventeen"));

        // then
        assertThat(calls).containsExactly(List.of("one"), List.of("three", "seventeen"));
        assertThat(all).extracting(e -> (int) e.get(0)).containsExactly(5, 3, 9);
        assertThat(cached.embedAll(List.of("seventeen", "three"))).extracting(e -> (int) e.get(0)).containsExactly(9, 5);
        assertThat(calls).as("all known now").hasSize(2);
    }

    @Test
    void should_take_an_embedder_s_settings_by_their_declared_names_and_refuse_unknown_ones() {
        List<ConfigProperty> declared = List.of(
                ConfigProperty.string("baseUrl", "Base URL", null),
                ConfigProperty.string("apiKey", "API key", null));

        // an environment variable's key arrives in lower case
        assertThat(HostEmbeddings.declaredNames(declared, Map.of("baseurl", "http://127.0.0.1:1", "api-key", "k")))
                .containsExactlyInAnyOrderEntriesOf(Map.of("baseUrl", "http://127.0.0.1:1", "apiKey", "k"));
        assertThatThrownBy(() -> HostEmbeddings.declaredNames(declared,
                        Map.of("modle", "bge-m3")))
                .hasMessageContaining("modle").hasMessageContaining("baseUrl");
    }
}

package io.corrigo.server.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import io.corrigo.api.Embedding;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/** The host's embeddings remember recent texts: the same vector from the cache, least recently used out first. */
class MiniLmEmbeddingServiceTest {

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final MiniLmEmbeddingService embeddings = new MiniLmEmbeddingService(2, meters);

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
        embeddings.embed("x".repeat(MiniLmEmbeddingService.MAX_CACHED_CHARS + 1));

        // then
        assertThat(embeddings.cached()).isEqualTo(2);
        embeddings.embed("one");
        assertThat(count("hit")).as("one stayed").isEqualTo(2);
        embeddings.embed("two");
        assertThat(count("miss")).as("two was forgotten").isEqualTo(4);
    }
}

package io.corrigo.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The contract of an embedder ({@link io.corrigo.api.EmbedderFactory}): every vector has {@link EmbeddingService#dimension()}
 * dimensions and unit length; a text gives the same vector alone and in a list, and a list comes back in its order;
 * a blank text embeds too; a model id names the model; thread-safe. And what makes an embedder worth having: of
 * {@link #related()}'s pairs, each text is nearer its partner than any other pair's text.
 *
 * <p>Run it against the real model or a stand-in server on 127.0.0.1 speaking the model server's wire format.
 *
 * @since 1.7.0
 */
public abstract class EmbedderContract extends PluginFactoryContract<EmbeddingService> {

    /**
     * Pairs of texts that mean the same (for a multilingual embedder: one in each language), each pair about something
     * else; at least two pairs.
     */
    protected abstract List<List<String>> related();

    @Test
    void gives_unit_vectors_of_its_dimension_and_names_its_model() {
        EmbeddingService embeddings = newInstance();
        Embedding vector = within(() -> embeddings.embed(related().get(0).get(0)));
        assertThat(vector.dimension()).isEqualTo(within(embeddings::dimension)).isPositive();
        assertThat(norm(vector)).as("length").isCloseTo(1.0, Offset.offset(1e-3));
        assertThat(embeddings.modelId()).isNotBlank();
        assertThat(within(() -> embeddings.embed(" ")).dimension()).as("a blank text").isEqualTo(vector.dimension());
    }

    @Test
    void embeds_a_list_in_its_order_as_it_embeds_each_text() {
        EmbeddingService embeddings = newInstance();
        List<String> texts = related().stream().flatMap(List::stream).toList();
        List<Embedding> all = within(() -> embeddings.embedAll(texts));
        assertThat(all).hasSize(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            int at = i;
            assertThat(all.get(i).cosine(within(() -> embeddings.embed(texts.get(at))))).as(texts.get(i))
                    .isCloseTo(1.0, Offset.offset(1e-4));
        }
        assertThat(within(() -> embeddings.embedAll(List.of()))).isEmpty();
    }

    @Test
    void puts_each_text_nearer_its_partner_than_any_other_pair_s_text() {
        EmbeddingService embeddings = newInstance();
        List<List<String>> pairs = related();
        for (int p = 0; p < pairs.size(); p++) {
            int at = p;
            Embedding one = within(() -> embeddings.embed(pairs.get(at).get(0)));
            Embedding partner = embeddings.embed(pairs.get(p).get(1));
            for (int q = 0; q < pairs.size(); q++) {
                if (q != p) {
                    Embedding other = embeddings.embed(pairs.get(q).get(1));
                    assertThat(one.cosine(partner)).as("%s ~ %s, against %s", pairs.get(p).get(0), pairs.get(p).get(1),
                            pairs.get(q).get(1)).isGreaterThan(one.cosine(other));
                }
            }
        }
    }

    private static double norm(Embedding vector) {
        double sum = 0;
        for (float v : vector.toArray()) {
            sum += v * v;
        }
        return Math.sqrt(sum);
    }

    @Test
    void embeds_the_same_from_many_threads_at_once() {
        EmbeddingService embeddings = newInstance();
        String text = related().get(0).get(0);
        Embedding alone = within(() -> embeddings.embed(text));
        assertThat(concurrently(4, () -> embeddings.embed(text).cosine(alone) > 0.9999)).containsOnly(true);
    }
}

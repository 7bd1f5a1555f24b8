package io.corrigo.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class EmbeddingTest {

    @Test
    void should_average_parts_into_a_unit_vector() {
        Embedding mean = Embedding.meanOf(List.of(Embedding.of(new float[] {1, 0}), Embedding.of(new float[] {0, 1})));

        assertThat(mean.get(0)).isCloseTo((float) Math.sqrt(0.5), within(1e-6f));
        assertThat(mean.get(1)).isCloseTo((float) Math.sqrt(0.5), within(1e-6f));
        assertThat(Embedding.meanOf(List.of(Embedding.of(new float[] {3, 4}))).toArray()).containsExactly(0.6f, 0.8f);
    }

    @Test
    void should_give_zeros_when_parts_cancel_out_and_refuse_what_cannot_be_averaged() {
        Embedding cancelled = Embedding.meanOf(List.of(Embedding.of(new float[] {1, 0}), Embedding.of(new float[] {-1, 0})));

        assertThat(cancelled.toArray()).containsExactly(0f, 0f);
        assertThatThrownBy(() -> Embedding.meanOf(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Embedding.meanOf(List.of(Embedding.of(new float[] {1}), Embedding.of(new float[] {1, 0}))))
                .hasMessageContaining("1 and 2 dimensions");
    }
}

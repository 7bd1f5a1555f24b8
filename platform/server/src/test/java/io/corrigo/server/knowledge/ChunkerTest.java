package io.corrigo.server.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChunkerTest {

    private static final String TEXT = "Alpha beta gamma delta epsilon. Zeta eta theta iota kappa. "
            + "Lambda mu nu xi omicron. Pi rho sigma tau upsilon.";

    @Test
    void should_cut_on_sentence_boundaries_within_the_word_limit() {
        List<Chunker.Chunk> chunks = new Chunker(10, 0).chunk(TEXT);

        assertThat(chunks).extracting(Chunker.Chunk::text).containsExactly(
                "Alpha beta gamma delta epsilon. Zeta eta theta iota kappa.",
                "Lambda mu nu xi omicron. Pi rho sigma tau upsilon.");
    }

    @Test
    void should_repeat_the_last_sentences_of_a_chunk_at_the_start_of_the_next__with_overlap() {
        List<Chunker.Chunk> chunks = new Chunker(10, 1).chunk(TEXT);

        assertThat(chunks).extracting(Chunker.Chunk::sentences).containsExactly(
                List.of("Alpha beta gamma delta epsilon.", "Zeta eta theta iota kappa."),
                List.of("Zeta eta theta iota kappa.", "Lambda mu nu xi omicron."),
                List.of("Lambda mu nu xi omicron.", "Pi rho sigma tau upsilon."));
    }

    @Test
    void should_always_move_forward__even_when_the_overlap_is_as_large_as_a_chunk() {
        List<Chunker.Chunk> chunks = new Chunker(5, 3).chunk(TEXT);

        assertThat(chunks).hasSize(4).allSatisfy(c -> assertThat(c.sentences()).hasSize(1));
    }
}

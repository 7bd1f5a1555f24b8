package io.corrigo.engine.refine;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Embedding;
import io.corrigo.api.Passage;
import io.corrigo.api.Source;
import io.corrigo.api.Strip;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.fakes.HashingEmbeddings;
import io.corrigo.engine.trace.TraceRecorder;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

class PassageEmbedderTest {

    private final HashingEmbeddings embeddings = new HashingEmbeddings();
    private final PassageEmbedder embedder = new PassageEmbedder(embeddings, Runnable::run);
    private final TraceRecorder trace = new TraceRecorder("q", PipelineSettings.DEFAULTS, List.of(), Clock.systemUTC());

    @Test
    void should_embed_a_web_result_sentence_by_sentence_and_the_passage_as_their_mean__as_ingestion_does() {
        Passage web = Passage.of("w1", "Water boils at one hundred degrees. It boils sooner on mountains.",
                new Source(io.corrigo.api.Origin.WEB, "w1", "Boiling", "https://example.test/boil"));

        Passage embedded = embedder.ensureEmbedded(List.of(web), trace).get(0);

        assertThat(embedded.strips()).extracting(Strip::text)
                .containsExactly("Water boils at one hundred degrees.", "It boils sooner on mountains.");
        assertThat(embedded.strips()).allSatisfy(s -> assertThat(s.embedding()).isNotNull());
        assertThat(embedded.embedding()).isEqualTo(Embedding.meanOf(embedded.strips().stream().map(Strip::embedding).toList()));
        assertThat(embeddings.calls.get()).as("one call per sentence, none for the whole passage").isEqualTo(2);
    }

    @Test
    void should_leave_an_indexed_passage_untouched() {
        Passage indexed = Passage.of("k1", "Measles incubates for ten days.", Source.knowledgeBase("d1", "Measles"))
                .withEmbeddings(embeddings.embed("x"), List.of(new Strip(0, "Measles incubates for ten days.", embeddings.embed("y"))));
        embeddings.calls.set(0);

        assertThat(embedder.ensureEmbedded(List.of(indexed), trace)).containsExactly(indexed);
        assertThat(embeddings.calls.get()).isZero();
    }
}

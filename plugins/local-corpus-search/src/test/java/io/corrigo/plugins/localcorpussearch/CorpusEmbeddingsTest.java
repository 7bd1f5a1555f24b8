package io.corrigo.plugins.localcorpussearch;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Passage;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchRequest;
import io.corrigo.api.Strip;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.api.text.Boilerplate;
import io.corrigo.testkit.HashingEmbeddings;
import io.corrigo.testkit.TestPluginContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The corpus embedded once: results carry their vectors, and a restart reads them instead of embedding again. */
class CorpusEmbeddingsTest {

    private static final String CORPUS = """
            {"id":"tides","title":"Tides","url":"https://example.test/tides","text":"Ocean tides are caused by the gravitational pull of the Moon. The Sun adds a smaller pull of its own."}
            {"id":"bread","title":"Bread","url":"https://example.test/bread","text":"Sourdough rises because wild yeast ferments the dough. It takes a night."}
            {"id":"label","title":"Label","url":"https://example.test/label","text":"Licence: CC BY-SA 4.0"}
            """;

    @TempDir
    Path data;

    /** The test kit's embeddings, counting the texts it embeds. */
    private static final class Counting implements EmbeddingService {
        final HashingEmbeddings inner = new HashingEmbeddings();
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public Embedding embed(String text) {
            calls.incrementAndGet();
            return inner.embed(text);
        }

        @Override
        public int dimension() {
            return inner.dimension();
        }

        @Override
        public String modelId() {
            return inner.modelId();
        }
    }

    private List<CorpusReader.Entry> entries() throws Exception {
        Path corpus = data.resolve("corpus.jsonl");
        if (!Files.exists(corpus)) {
            Files.writeString(corpus, CORPUS);
        }
        return CorpusReader.read(corpus, 150);
    }

    @Test
    void should_embed_every_prose_sentence_and_the_passage_as_their_mean__as_the_pipeline_would() throws Exception {
        // given
        Counting service = new Counting();
        CorpusEmbeddings vectors = new CorpusEmbeddings(entries(), service, data.resolve("kept.bin"));
        Passage plain = Passage.of("tides", entries().get(0).text(), io.corrigo.api.Source.web("tides", "Tides", "https://example.test/tides"));

        // when
        Passage embedded = vectors.embed(0, plain);
        int callsAfterFirst = service.calls.get();
        Passage again = vectors.embed(0, plain);

        // then
        List<String> sentences = Boilerplate.proseSentences(plain.text());
        assertThat(embedded.strips()).extracting(Strip::text).containsExactlyElementsOf(sentences);
        assertThat(embedded.strips()).extracting(Strip::embedding)
                .containsExactlyElementsOf(sentences.stream().map(service.inner::embed).toList());
        assertThat(embedded.embedding()).isEqualTo(Embedding.meanOf(embedded.strips().stream().map(Strip::embedding).toList()));
        assertThat(callsAfterFirst).isEqualTo(sentences.size());
        assertThat(service.calls.get()).as("embedded once").isEqualTo(callsAfterFirst);
        assertThat(again.strips()).isEqualTo(embedded.strips());
    }

    @Test
    void should_read_the_kept_vectors_on_a_restart__and_start_afresh_for_a_changed_corpus() throws Exception {
        // given a corpus embedded in full and kept
        Counting first = new Counting();
        CorpusEmbeddings before = new CorpusEmbeddings(entries(), first, data.resolve("kept.bin"));
        before.fill();
        assertThat(before.embedded()).isEqualTo(before.size()).isEqualTo(3);

        // when the provider starts again, and when the corpus changed
        Counting second = new Counting();
        CorpusEmbeddings restarted = new CorpusEmbeddings(entries(), second, data.resolve("kept.bin"));
        Passage plain = Passage.of("bread", entries().get(1).text(), io.corrigo.api.Source.web("bread", "Bread", "https://example.test/bread"));
        Passage read = restarted.embed(1, plain);
        List<CorpusReader.Entry> changed = new java.util.ArrayList<>(entries());
        changed.set(1, new CorpusReader.Entry("bread", "bread", "Bread", "https://example.test/bread", "Rye bread is dense. It keeps for a week."));
        CorpusEmbeddings afresh = new CorpusEmbeddings(changed, new Counting(), data.resolve("kept.bin"));

        // then
        assertThat(restarted.embedded()).isEqualTo(3);
        assertThat(second.calls.get()).as("nothing embedded again").isZero();
        assertThat(read.strips()).extracting(Strip::embedding)
                .containsExactlyElementsOf(Boilerplate.proseSentences(plain.text()).stream().map(first.inner::embed).toList());
        assertThat(afresh.embedded()).as("another corpus's vectors are not used").isZero();
    }

    @Test
    void should_return_search_results_with_their_embeddings() throws Exception {
        // given
        entries();
        LocalCorpusSearchFactory factory = new LocalCorpusSearchFactory();
        Counting service = new Counting();
        SearchProvider search = factory.create(new TestPluginContext("t", data, service, java.time.Clock.systemUTC()),
                PluginConfig.resolve(factory.configProperties(), Map.of("corpus", "corpus.jsonl")));

        // when
        List<Passage> results = search.search(new SearchRequest("Moon tides pull", "What causes the tides?", 3));
        factory.close();

        // then
        assertThat(results).isNotEmpty().allSatisfy(p -> {
            assertThat(p.embedding()).isNotNull();
            assertThat(p.strips()).isNotEmpty().allSatisfy(s -> assertThat(s.embedding()).isNotNull());
        });
        assertThat(results.get(0).id()).isEqualTo("tides");
    }
}

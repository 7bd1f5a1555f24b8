package io.corrigo.server.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.api.Answer;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Generator;
import io.corrigo.api.KnowledgeIndex;
import io.corrigo.api.Origin;
import io.corrigo.api.Passage;
import io.corrigo.api.PluginApi;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.Query;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Retriever;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchRequest;
import io.corrigo.api.Source;
import io.corrigo.api.Strip;
import io.corrigo.api.TermStatistics;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.api.text.Sentences;
import io.corrigo.server.embedding.MiniLmEmbeddingService;
import io.corrigo.server.plugin.kind.StageKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loads the real plugin files the build produced (target/plugins) with the host's PF4J manager, and exercises
 * every shipped plugin through its factory, as the host does.
 */
class PluginHostTest {

    private static final Path BUILT_PLUGINS = Paths.get("target", "plugins");
    private static MiniLmEmbeddingService embeddings;

    @TempDir
    Path pluginsDir;

    @TempDir
    Path dataDir;

    @BeforeAll
    static void loadModel() {
        embeddings = new MiniLmEmbeddingService();
    }

    private void installBuiltPlugins() throws IOException {
        try (DirectoryStream<Path> zips = Files.newDirectoryStream(BUILT_PLUGINS, "*.zip")) {
            for (Path zip : zips) {
                Files.copy(zip, pluginsDir.resolve(zip.getFileName()));
            }
        }
    }

    private static void writePluginZip(Path target, String properties) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(target))) {
            zip.putNextEntry(new ZipEntry("plugin.properties"));
            zip.write(properties.getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
            zip.putNextEntry(new ZipEntry("lib/"));
            zip.closeEntry();
        }
    }

    private <T> T create(PluginHost host, StageKind<?> kind, String id, Map<String, String> settings) throws IOException {
        PluginFactory<?> factory = host.factory(kind, id).orElseThrow().factory();
        Path dir = Files.createDirectories(dataDir.resolve(id));
        @SuppressWarnings("unchecked")
        T instance = (T) factory.create(new HostPluginContext("t1", dir, embeddings, Clock.systemUTC()),
                PluginConfig.resolve(factory.configProperties(), settings));
        return instance;
    }

    @Test
    void should_start_every_shipped_plugin_and_find_its_factory() throws IOException {
        // given
        installBuiltPlugins();

        // when
        PluginHost host = new PluginHost(pluginsDir, PluginApi.VERSION);

        // then
        assertThat(host.plugins()).extracting(PluginInfo::id, PluginInfo::state).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("extractive-generator", "STARTED"),
                org.assertj.core.groups.Tuple.tuple("lightweight-evaluator", "STARTED"),
                org.assertj.core.groups.Tuple.tuple("local-corpus-search", "STARTED"),
                org.assertj.core.groups.Tuple.tuple("lucene-retriever", "STARTED"),
                org.assertj.core.groups.Tuple.tuple("web-search", "STARTED"),
                org.assertj.core.groups.Tuple.tuple("llm", "STARTED"),
                org.assertj.core.groups.Tuple.tuple("opensearch-retriever", "STARTED"),
                org.assertj.core.groups.Tuple.tuple("pgvector-retriever", "STARTED"),
                org.assertj.core.groups.Tuple.tuple("pii-guardrail", "STARTED"),
                org.assertj.core.groups.Tuple.tuple("connectors", "STARTED"));
        assertThat(host.factories(StageKind.GUARDRAIL)).extracting(h -> h.factory().id()).containsExactly("pii-guardrail");
        assertThat(host.connectorFactories()).extracting(io.corrigo.api.ConnectorFactory::id)
                .containsExactlyInAnyOrder("website", "git", "s3", "folder");
        assertThat(host.factories(StageKind.RETRIEVER)).extracting(h -> h.factory().id()).containsExactlyInAnyOrder(
                "lucene-retriever", "opensearch-retriever", "pgvector-retriever");
        assertThat(host.factories(StageKind.CRITIC)).extracting(h -> h.factory().id()).containsExactlyInAnyOrder(
                "lightweight-critic", "llm-critic");
        assertThat(host.factories(StageKind.REWRITER)).extracting(h -> h.factory().id()).containsExactly(
                "llm-query-rewriter");
        assertThat(host.factories(StageKind.SEARCH)).extracting(h -> h.factory().id()).containsExactlyInAnyOrder(
                "local-corpus-search", "tavily-search", "searxng-search", "google-search");
        assertThat(host.factory(StageKind.RETRIEVER, "lucene-retriever")).isPresent();
        assertThat(host.factory(StageKind.EVALUATOR, "lightweight-evaluator")).isPresent();
        assertThat(host.factory(StageKind.SEARCH, "local-corpus-search")).isPresent();
        assertThat(host.factory(StageKind.GENERATOR, "extractive-generator")).isPresent();
        assertThat(host.factory(StageKind.GENERATOR, "lucene-retriever")).as("kinds are kept apart").isEmpty();
        host.stop();
    }

    @Test
    void should_report_broken_plugins_and_keep_loading_the_others() throws IOException {
        // given
        installBuiltPlugins();
        writePluginZip(pluginsDir.resolve("future.zip"),
                "plugin.id=future\nplugin.version=1.0.0\nplugin.requires=>=9.0.0\nplugin.provider=Tests\n");
        writePluginZip(pluginsDir.resolve("garbled.zip"),
                "plugin.id=garbled\nplugin.version=not-a-version\nplugin.requires=$$$\n");

        // when
        PluginHost host = new PluginHost(pluginsDir, PluginApi.VERSION);

        // then
        List<PluginInfo> plugins = host.plugins();
        assertThat(plugins).filteredOn(p -> p.id().equals("future")).singleElement().satisfies(p -> {
            assertThat(p.state()).isNotEqualTo("STARTED");
            assertThat(p.error()).contains("requires plugin API >=9.0.0").contains(PluginApi.VERSION);
        });
        assertThat(plugins).filteredOn(p -> p.state().equals("FAILED_TO_LOAD")).singleElement()
                .satisfies(p -> assertThat(p.error()).isNotBlank());
        assertThat(plugins).filteredOn(p -> p.state().equals("STARTED")).hasSize(TestPlugins.SHIPPED);
        host.stop();
    }

    @Test
    void should_refuse_plugins_built_for_another_major_version_of_the_api() throws IOException {
        for (String hostApi : List.of("0.9.0", "2.0.0")) {
            // given
            Path dir = Files.createDirectories(pluginsDir.resolve(hostApi));
            try (DirectoryStream<Path> zips = Files.newDirectoryStream(BUILT_PLUGINS, "*.zip")) {
                for (Path zip : zips) {
                    Files.copy(zip, dir.resolve(zip.getFileName()));
                }
            }

            // when
            PluginHost host = new PluginHost(dir, hostApi);

            // then
            assertThat(host.plugins()).as("host offering API %s", hostApi).hasSize(TestPlugins.SHIPPED).allSatisfy(p -> {
                assertThat(p.state()).isNotEqualTo("STARTED");
                assertThat(p.error()).contains("requires plugin API " + p.requires() + ", this host offers " + hostApi)
                        .containsPattern("requires plugin API >=1\\.\\d\\.0 & <2\\.0\\.0");
            });
            assertThat(host.factories(StageKind.RETRIEVER)).isEmpty();
            host.stop();
        }
    }

    @Test
    void should_start_plugins_built_against_an_older_minor_version_of_the_api() throws IOException {
        // given: the shipped plugins require >=1.0.0 & <2.0.0
        installBuiltPlugins();

        // when
        PluginHost host = new PluginHost(pluginsDir, "1.9.0"); // a later minor than any shipped plugin was built against

        // then
        assertThat(host.plugins()).hasSize(TestPlugins.SHIPPED).allSatisfy(p -> assertThat(p.state()).isEqualTo("STARTED"));
        host.stop();
    }

    @Test
    void should_index_retrieve_and_delete_through_the_lucene_retriever_plugin() throws Exception {
        // given
        installBuiltPlugins();
        PluginHost host = new PluginHost(pluginsDir, PluginApi.VERSION);
        Retriever retriever = create(host, StageKind.RETRIEVER, "lucene-retriever", Map.of());
        KnowledgeIndex index = (KnowledgeIndex) retriever;
        index.upsert(List.of(
                passage("a#0", "doc-a", "The Eiffel Tower is in Paris. It was finished in 1889."),
                passage("b#0", "doc-b", "Penguins live in the southern hemisphere. They cannot fly."),
                passage("c#0", "doc-c", "Mount Fuji is the highest mountain in Japan.")));
        Query query = new Query("When was the Eiffel Tower finished?", embeddings.embed("When was the Eiffel Tower finished?"), null);

        // when
        List<Passage> hits = retriever.retrieve(query, 2);

        // then
        assertThat(hits).hasSize(2);
        assertThat(hits.get(0).id()).isEqualTo("a#0");
        assertThat(hits.get(0).strips()).extracting(Strip::text)
                .containsExactly("The Eiffel Tower is in Paris.", "It was finished in 1889.");
        assertThat(hits.get(0).strips()).allSatisfy(s -> assertThat(s.embedding().dimension()).isEqualTo(384));
        assertThat(hits.get(0).embedding()).isNotNull();
        TermStatistics stats = retriever.termStatistics().orElseThrow();
        assertThat(stats.inverseDocumentFrequency("penguins")).isGreaterThan(0.5);
        assertThat(stats.inverseDocumentFrequency("zeppelin")).isGreaterThan(stats.inverseDocumentFrequency("penguins"));

        // and when a document is deleted and the index reopened
        index.deleteDocument("doc-a");
        ((AutoCloseable) retriever).close();
        Retriever reopened = create(host, StageKind.RETRIEVER, "lucene-retriever", Map.of());

        // then it stays deleted and the rest survived the restart
        assertThat(((KnowledgeIndex) reopened).size()).isEqualTo(2);
        assertThat(reopened.retrieve(query, 5)).extracting(Passage::id).doesNotContain("a#0");
        ((AutoCloseable) reopened).close();
        host.stop();
    }

    @Test
    void should_score_a_relevant_passage_above_an_irrelevant_one_with_the_lightweight_evaluator() throws IOException {
        // given
        installBuiltPlugins();
        PluginHost host = new PluginHost(pluginsDir, PluginApi.VERSION);
        RetrievalEvaluator evaluator = create(host, StageKind.EVALUATOR, "lightweight-evaluator", Map.of());
        String question = "How long is the incubation period of measles?";
        Query query = new Query(question, embeddings.embed(question), null);

        // when
        double relevant = evaluator.score(query, embedded("The incubation period of measles is 10 to 12 days."));
        double irrelevant = evaluator.score(query, embedded("The stock market closed higher on Friday."));

        // then
        assertThat(relevant).isBetween(0.0, 1.0);
        assertThat(irrelevant).isBetween(0.0, 1.0);
        assertThat(relevant).isGreaterThan(irrelevant + 0.4);
        host.stop();
    }

    @Test
    void should_search_a_local_corpus_and_refuse_a_path_outside_the_tenant_directory() throws IOException {
        // given
        installBuiltPlugins();
        PluginHost host = new PluginHost(pluginsDir, PluginApi.VERSION);
        Path corpusDir = Files.createDirectories(dataDir.resolve("local-corpus-search"));
        Files.writeString(corpusDir.resolve("web.jsonl"), String.join("\n",
                "{\"id\":\"w1\",\"text\":\"Insulin is a hormone produced by beta cells of the pancreas.\",\"title\":\"Insulin\",\"url\":\"https://example.test/insulin\"}",
                "{\"id\":\"w2\",\"text\":\"The Danube flows through ten countries.\",\"title\":\"Danube\"}"));

        // when
        SearchProvider search = create(host, StageKind.SEARCH, "local-corpus-search", Map.of("corpus", "web.jsonl"));
        List<Passage> results = search.search(new SearchRequest("insulin produced", "Where is insulin produced?", 5));

        // then
        assertThat(results).first().satisfies(p -> {
            assertThat(p.source().origin()).isEqualTo(Origin.WEB);
            assertThat(p.source().uri()).isEqualTo("https://example.test/insulin");
            assertThat(p.text()).contains("beta cells");
        });
        assertThatThrownBy(() -> create(host, StageKind.SEARCH, "local-corpus-search", Map.of("corpus", "../../../etc/passwd")))
                .hasMessageContaining("outside");
        host.stop();
    }

    @Test
    void should_answer_with_a_citation_or_abstain_with_the_extractive_generator() throws IOException {
        // given
        installBuiltPlugins();
        PluginHost host = new PluginHost(pluginsDir, PluginApi.VERSION);
        Generator generator = create(host, StageKind.GENERATOR, "extractive-generator", Map.of());
        Source source = Source.knowledgeBase("doc-1", "Measles");
        String sentence = "The incubation period of measles is 10 to 12 days.";
        List<ContextStrip> context = List.of(new ContextStrip(1, sentence, source, 0.9, embeddings.embed(sentence)));

        // when
        String asked = "How long is the incubation period of measles?";
        Answer answer = generator.generate(new GenerationRequest(new Query(asked, embeddings.embed(asked), null), context));
        String offTopic = "Who won the 1998 football world cup?";
        Answer abstention = generator.generate(new GenerationRequest(new Query(offTopic, embeddings.embed(offTopic), null), context));

        // then
        assertThat(answer.abstained()).isFalse();
        // the short answer first (the range, not its end), then the sentence that holds it
        assertThat(answer.text()).isEqualTo("10 to 12 days [1]. " + sentence + " [1]");
        assertThat(answer.citations()).singleElement().satisfies(c -> assertThat(c.source()).isEqualTo(source));
        assertThat(abstention.abstained()).isTrue();
        host.stop();
    }

    private static Passage passage(String id, String documentId, String text) {
        Passage p = embedded(text);
        return new Passage(id, text, Source.knowledgeBase(documentId, documentId), 0, p.embedding(), p.strips(), Map.of());
    }

    private static Passage embedded(String text) {
        List<Strip> strips = new ArrayList<>();
        List<String> sentences = Sentences.split(text);
        for (int i = 0; i < sentences.size(); i++) {
            strips.add(new Strip(i, sentences.get(i), embeddings.embed(sentences.get(i))));
        }
        return new Passage("p", text, Source.knowledgeBase("d", "d"), 0, embeddings.embed(text), strips, Map.of());
    }
}

package io.corrigo.plugins.opensearchretriever;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.KnowledgeIndex;
import io.corrigo.api.Passage;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.Query;
import io.corrigo.api.Retriever;
import io.corrigo.api.Source;
import io.corrigo.api.Strip;
import io.corrigo.api.TermStatistics;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.api.text.Sentences;
import io.corrigo.plugins.luceneretriever.LuceneRetrieverFactory;
import io.corrigo.plugins.opensearchretriever.testing.OpenSearchNode;
import io.corrigo.testkit.HashingEmbeddings;
import io.corrigo.testkit.TestPluginContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Prints retrieval latency and ingestion throughput of the OpenSearch retriever (a real node in this JVM, over HTTP on
 * loopback) and the embedded Lucene retriever, on the same corpus and questions in the same run. Asserts nothing.
 *
 * <p>Corpus: the development benchmark's knowledge-base passages ({@code -Dbench.kb}, default
 * {@code ../../../shared/bench/kb_passages.jsonl}), cut into sentence strips and embedded with the test kit's
 * {@link HashingEmbeddings} (both engines get the same vectors; no model time is counted). Questions: the dev set
 * ({@code -Dbench.questions}). Run: {@code ./mvnw verify -pl plugins/opensearch-retriever -Dgroups=benchmark
 * -Dbench.excluded= -Dsurefire.failIfNoSpecifiedTests=false -Dtest=RetrieverComparisonBenchmark}.
 */
@Tag("benchmark")
class RetrieverComparisonBenchmark {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BATCH = 64;
    private static final int ROUNDS = 3;

    @TempDir
    Path data;

    @Test
    void compare() throws Exception {
        EmbeddingService embeddings = new HashingEmbeddings();
        List<Passage> passages = passages(Path.of(System.getProperty("bench.kb", "../../../shared/bench/kb_passages.jsonl")), embeddings);
        List<Query> questions = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(System.getProperty("bench.questions", "../../../shared/bench/questions_dev.jsonl")))) {
            String text = JSON.readTree(line).path("question").asText();
            questions.add(new Query(text, embeddings.embed(text), TermStatistics.UNIFORM));
        }
        System.out.printf("%nRetriever comparison: %d passages (%d strips), %d questions x %d rounds, top 10, %d cores%n",
                passages.size(), passages.stream().mapToInt(p -> p.strips().size()).sum(), questions.size(), ROUNDS,
                Runtime.getRuntime().availableProcessors());
        System.out.println("| engine | ingestion (passages/s) | retrieval p50 (ms) | p95 (ms) | mean (ms) |");
        System.out.println("|---|---|---|---|---|");
        run("lucene-retriever (embedded)", new LuceneRetrieverFactory(), Map.of(), passages, questions, embeddings);
        run("opensearch-retriever (HTTP, 1 node)", new OpenSearchRetrieverFactory(),
                Map.of("url", OpenSearchNode.url(), "indexPrefix", "bench" + System.nanoTime()), passages, questions, embeddings);
        run("opensearch-retriever, BM25 only", new OpenSearchRetrieverFactory(), Map.of("url", OpenSearchNode.url(),
                "indexPrefix", "bm25" + System.nanoTime(), "vectorWeight", "0"), passages, questions, embeddings);
        OpenSearchClient client = new OpenSearchClient(java.net.URI.create(OpenSearchNode.url()), null, null, java.time.Duration.ofSeconds(10));
        double[] pings = new double[200];
        for (int i = 0; i < pings.length; i++) {
            long t = System.nanoTime();
            client.get("/_cluster/health");
            pings[i] = (System.nanoTime() - t) / 1e6;
        }
        Arrays.sort(pings);
        System.out.printf("HTTP round trip to the node (GET /_cluster/health): p50 %.2f ms%n", pings[pings.length / 2]);
    }

    private void run(String name, PluginFactory<Retriever> factory, Map<String, String> settings, List<Passage> passages,
                     List<Query> questions, EmbeddingService embeddings) throws Exception {
        Path dir = Files.createDirectories(data.resolve(factory.id()));
        Retriever retriever = factory.create(new TestPluginContext("bench", dir, embeddings, java.time.Clock.systemUTC()),
                PluginConfig.resolve(factory.configProperties(), settings));
        KnowledgeIndex index = (KnowledgeIndex) retriever;
        long start = System.nanoTime();
        for (int i = 0; i < passages.size(); i += BATCH) {
            index.upsert(passages.subList(i, Math.min(passages.size(), i + BATCH)));
        }
        double ingestSeconds = (System.nanoTime() - start) / 1e9;
        for (Query q : questions.subList(0, Math.min(20, questions.size()))) {
            retriever.retrieve(q, 10); // warm-up
        }
        double[] millis = new double[questions.size() * ROUNDS];
        int n = 0;
        for (int round = 0; round < ROUNDS; round++) {
            for (Query q : questions) {
                long t = System.nanoTime();
                retriever.retrieve(q, 10);
                millis[n++] = (System.nanoTime() - t) / 1e6;
            }
        }
        Arrays.sort(millis);
        System.out.printf("| %s | %.0f | %.2f | %.2f | %.2f |%n", name, passages.size() / ingestSeconds,
                millis[millis.length / 2], millis[(int) Math.ceil(millis.length * 0.95) - 1], Arrays.stream(millis).average().orElse(0));
        if (retriever instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }

    private static List<Passage> passages(Path file, EmbeddingService embeddings) throws Exception {
        List<Passage> passages = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            JsonNode row = JSON.readTree(line);
            String text = row.path("text").asText();
            List<String> sentences = Sentences.split(text);
            List<Strip> strips = new ArrayList<>();
            for (int i = 0; i < sentences.size(); i++) {
                strips.add(new Strip(i, sentences.get(i), embeddings.embed(sentences.get(i))));
            }
            passages.add(new Passage(row.path("id").asText(), text, Source.knowledgeBase(row.path("doc_id").asText(),
                    row.path("doc_id").asText()), 0, embeddings.embed(text), strips, Map.of()));
        }
        return passages;
    }
}

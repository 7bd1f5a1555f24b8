package io.corrigo.server.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.api.EmbeddingService;
import io.corrigo.plugins.llm.testing.FakeModelServer;
import io.corrigo.server.HttpTestBase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A host whose operator named a plugin's embedder: the llm plugin's {@code openai-embedder} on an embedding server
 * stand-in on 127.0.0.1 (OpenAI's wire format), playing a multilingual model. Every vector of the host comes from it
 * (a chunk's sentences in one request), and an English question
 * finds the passage of a German handbook that shares not one word with it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class PluginEmbedderTest extends HttpTestBase {

    private static final Map<String, String> CONCEPTS = Map.ofEntries(Map.entry("wiegt", "weigh"), Map.entry("weighs", "weigh"),
            Map.entry("gramm", "grams"), Map.entry("wie", "how"), Map.entry("viel", "much"), Map.entry("gerät", "device"),
            Map.entry("dienstreisen", "travel"), Map.entry("reisen", "travel"), Map.entry("bahn", "train"),
            Map.entry("zug", "train"), Map.entry("urlaub", "leave"), Map.entry("tage", "days"), Map.entry("tagen", "days"));

    private static final FakeModelServer MODEL = start();
    private static final Path DATA = Paths.get("target", "test-data", "embedder-" + UUID.randomUUID()).toAbsolutePath();

    @Autowired
    EmbeddingService embeddings;

    private static FakeModelServer start() {
        try {
            return new FakeModelServer().embedWith(text -> FakeModelServer.wordVector(text, CONCEPTS));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A host of its own (own data directory and database): a host that embeds with another model must not index, or
     * claim the ingestion jobs of, the other tests' host.
     */
    @DynamicPropertySource
    static void embedder(DynamicPropertyRegistry registry) {
        registry.add("corrigo.data-dir", DATA::toString);
        registry.add("corrigo.plugins-dir", () -> Paths.get("target", "plugins").toAbsolutePath().toString());
        registry.add("corrigo.security.admin-password", () -> ADMIN_PASSWORD);
        registry.add("corrigo.outbound.allow", () -> "127.0.0.1");
        registry.add("corrigo.embeddings.embedder", () -> "openai-embedder");
        registry.add("corrigo.embeddings.embedder-settings.baseUrl", MODEL::openAiUrl);
        registry.add("corrigo.embeddings.embedder-settings.model", () -> "multilingual-stand-in");
        registry.add("corrigo.demo.enabled", () -> "false");
    }

    @AfterAll
    static void stopModel() {
        MODEL.close();
    }

    @Test
    void should_embed_with_the_plugin_s_model_and_find_a_german_passage_for_an_english_question() {
        // the host's embeddings are the plugin's
        assertThat(embeddings.modelId()).isEqualTo("openai/multilingual-stand-in");
        assertThat(embeddings.dimension()).isEqualTo(64);

        String t = "fremdsprache";
        signInAsAdmin();
        postJson("/api/v1/tenants", Map.of("id", t, "name", "Fremdsprache"));
        int before = MODEL.requests.size();
        Reply job = uploadAndWait("/api/v1/tenants/" + t + "/documents", "handbuch.md", """
                # Gerät

                Das Gerät Zorblax wiegt genau 412 Gramm. Das Gehäuse ist blau.

                # Dienstreisen

                Für Dienstreisen unter 500 Kilometern ist die Bahn zu nutzen.

                # Urlaub

                Vollzeitbeschäftigte erhalten 30 Tage Urlaub pro Jahr.
                """.getBytes(StandardCharsets.UTF_8));
        assertThat(job.status()).isEqualTo(200);
        assertThat(MODEL.requests.subList(before, MODEL.requests.size())).as("indexing reached the embedding server")
                .isNotEmpty().allSatisfy(r -> assertThat(r.path()).isEqualTo("/v1/embeddings"))
                .anySatisfy(r -> assertThat(r.body().path("input").size()).as("a batch").isGreaterThan(1));

        // an English question: no word in common with the German passage it needs
        JsonNode answer = postJson("/api/v1/tenants/" + t + "/query", Map.of("question", "How much does the device weigh?")).body();
        JsonNode run = get("/api/v1/tenants/" + t + "/runs/" + answer.get("runId").asText()).body();
        JsonNode first = run.path("trace").path("retrieved").get(0);
        assertThat(first.path("text").asText()).as(run.toString()).contains("wiegt genau 412 Gramm").doesNotContain("Bahn");
    }
}

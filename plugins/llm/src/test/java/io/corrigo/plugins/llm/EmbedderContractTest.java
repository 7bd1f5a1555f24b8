package io.corrigo.plugins.llm;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.api.EmbeddingService;
import io.corrigo.api.PluginFactory;
import io.corrigo.plugins.llm.testing.FakeModelServer;
import io.corrigo.testkit.EmbedderContract;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Both embedders, against an embedding server stand-in on 127.0.0.1 speaking OpenAI's and Ollama's wire formats (a
 * multilingual model played by {@link FakeModelServer#wordVector} with a German–English word map), checked by the
 * embedder contract: the pairs are one sentence in English and its German translation.
 */
class EmbedderContractTest {

    static final Map<String, String> CONCEPTS = Map.ofEntries(Map.entry("wiegt", "weighs"), Map.entry("gramm", "grams"),
            Map.entry("tagen", "days"), Map.entry("zurückgegeben", "returned"), Map.entry("gebaut", "built"),
            Map.entry("gerät", "device"), Map.entry("kann", "can"), Map.entry("werden", "be"), Map.entry("innerhalb", "within"));

    static final List<List<String>> PAIRS = List.of(
            List.of("The device weighs 412 grams.", "Das Gerät wiegt 412 Gramm."),
            List.of("It can be returned within 30 days.", "Es kann innerhalb von 30 Tagen zurückgegeben werden."),
            List.of("It is built in Tallinn.", "Es wird in Tallinn gebaut."));

    abstract static class OnFakeServer extends EmbedderContract {

        FakeModelServer server;

        @BeforeEach
        void startServer() throws Exception {
            server = new FakeModelServer().embedWith(text -> FakeModelServer.wordVector(text, CONCEPTS));
        }

        @AfterEach
        void stopServer() {
            server.close();
        }

        @Override
        protected List<List<String>> related() {
            return PAIRS;
        }
    }

    @Nested
    class OpenAi extends OnFakeServer {

        @Override
        protected PluginFactory<EmbeddingService> factory() {
            return new OpenAiEmbedderFactory();
        }

        @Override
        protected Map<String, String> settings() {
            return Map.of("baseUrl", server.openAiUrl(), "model", "multilingual-e5", "apiKey", "sk-test");
        }

        @Test
        void should_send_a_list_in_one_request_with_its_model_and_key() {
            EmbeddingService embeddings = newInstance();
            embeddings.embedAll(List.of("one", "two", "three"));
            assertThat(server.requests).hasSize(1);
            assertThat(server.requests.get(0).path()).isEqualTo("/v1/embeddings");
            assertThat(server.requests.get(0).body().path("model").asText()).isEqualTo("multilingual-e5");
            assertThat(server.requests.get(0).body().path("input")).hasSize(3);
            assertThat(embeddings.modelId()).isEqualTo("openai/multilingual-e5");
        }
    }

    @Nested
    class Ollama extends OnFakeServer {

        @Override
        protected PluginFactory<EmbeddingService> factory() {
            return new OllamaEmbedderFactory();
        }

        @Override
        protected Map<String, String> settings() {
            return Map.of("baseUrl", server.ollamaUrl(), "model", "bge-m3");
        }

        @Test
        void should_call_ollama_s_embed_endpoint() {
            EmbeddingService embeddings = newInstance();
            assertThat(embeddings.dimension()).isEqualTo(64);
            assertThat(server.requests).extracting(FakeModelServer.Request::path).containsOnly("/api/embed");
            assertThat(embeddings.modelId()).isEqualTo("ollama/bge-m3");
        }
    }
}

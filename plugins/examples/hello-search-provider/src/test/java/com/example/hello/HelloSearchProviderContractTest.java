package com.example.hello;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.corrigo.api.Passage;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchRequest;
import io.corrigo.testkit.SearchProviderContract;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The test kit's search provider contract (inherited tests) plus this plugin's own wire format, against a stand-in
 * of the search API on 127.0.0.1.
 */
class HelloSearchProviderContractTest extends SearchProviderContract {

    private HttpServer api;
    private final List<String> seen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startApi() throws IOException {
        api = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        api.createContext("/search", exchange -> {
            seen.add(exchange.getRequestURI().getRawQuery() + " " + exchange.getRequestHeaders().getFirst("Authorization"));
            byte[] body = """
                    {"results":[
                      {"title":"Tides","url":"https://example.test/tides","snippet":"Ocean tides are caused by the Moon."},
                      {"title":"Moon","url":"https://example.test/moon","snippet":"The Moon pulls the near-side ocean."},
                      {"title":"Empty","url":"https://example.test/empty","snippet":""}]}""".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        api.start();
    }

    @AfterEach
    void stopApi() {
        api.stop(0);
    }

    @Override
    protected PluginFactory<SearchProvider> factory() {
        return new HelloSearchProviderFactory();
    }

    @Override
    protected Map<String, String> settings() {
        return Map.of("baseUrl", "http://127.0.0.1:" + api.getAddress().getPort(), "apiKey", "hello-key");
    }

    @Override
    protected Map<String, String> unreachableSettings() {
        try (ServerSocket closed = new ServerSocket(0)) {
            return Map.of("baseUrl", "http://127.0.0.1:" + closed.getLocalPort());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void sends_the_keywords_and_key_and_skips_results_without_text() {
        List<Passage> results = newInstance().search(new SearchRequest("ocean tides", "What causes tides?", 5));

        assertThat(seen).first().isEqualTo("q=ocean+tides&limit=5 Bearer hello-key");
        assertThat(results).extracting(p -> p.source().uri())
                .containsExactly("https://example.test/tides", "https://example.test/moon");
    }
}

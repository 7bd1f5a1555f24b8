package io.corrigo.plugins.websearch;

import io.corrigo.api.PluginFactory;
import io.corrigo.api.SearchProvider;
import io.corrigo.testkit.SearchProviderContract;
import io.corrigo.testsupport.FakeApi;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The Tavily provider, against a Tavily stand-in on 127.0.0.1, checked by the search provider contract (test kit). */
class TavilySearchContractTest extends SearchProviderContract {

    private FakeApi api;

    @BeforeEach
    void start() throws Exception {
        api = new FakeApi();
        api.body = """
                {"query":"ocean tides moon","results":[
                  {"title":"Tides","url":"https://example.test/tides","content":"Ocean tides are caused by the Moon's gravity.","score":0.93},
                  {"title":"Moon","url":"https://example.test/moon","content":"The Moon pulls the ocean on the near side of the Earth.","score":0.71},
                  {"title":"Sun","url":"https://example.test/sun","content":"The Sun adds a smaller tidal effect.","score":0.5}],
                 "response_time":0.2}""";
    }

    @AfterEach
    void stop() {
        api.close();
    }

    @Override
    protected PluginFactory<SearchProvider> factory() {
        return new TavilySearchFactory();
    }

    @Override
    protected Map<String, String> settings() {
        return Map.of("apiKey", "tvly-test-key", "baseUrl", api.url());
    }

    @Override
    protected Map<String, String> unreachableSettings() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return Map.of("apiKey", "tvly-test-key", "baseUrl", "http://127.0.0.1:" + socket.getLocalPort());
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}

package io.corrigo.plugins.websearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Origin;
import io.corrigo.api.Passage;
import io.corrigo.api.PluginContext;
import io.corrigo.api.SearchException;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchProviderFactory;
import io.corrigo.api.SearchRequest;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.testsupport.FakeApi;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WebSearchProvidersTest {

    private static final SearchRequest REQUEST = new SearchRequest("insulin produced", "Where is insulin produced?", 2);

    private FakeApi api;

    @BeforeEach
    void start() throws Exception {
        api = new FakeApi();
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private static SearchProvider create(SearchProviderFactory factory, Map<String, String> settings) {
        PluginContext context = new PluginContext() {
            public String tenantId() {
                return "t";
            }

            public Path dataDirectory() {
                return Path.of(".");
            }

            public EmbeddingService embeddings() {
                return null;
            }

            public Clock clock() {
                return Clock.systemUTC();
            }
        };
        return factory.create(context, PluginConfig.resolve(factory.configProperties(), settings));
    }

    private SearchProvider tavily() {
        return create(new TavilySearchFactory(), Map.of("apiKey", "tvly-secret-123", "baseUrl", api.url()));
    }

    @Test
    void should_speak_tavilys_wire_format_and_clean_the_results() {
        // given
        api.body = """
                {"query":"insulin produced","results":[
                  {"title":"Insulin &amp; you","url":"https://example.test/insulin","content":"<p>Insulin is produced by <b>beta cells</b> of the pancreas.</p> Skip to content","score":0.93},
                  {"title":"Pancreas","url":"https://example.test/pancreas","content":"The pancreas sits behind the stomach.","score":0.71},
                  {"title":"Third","url":"https://example.test/third","content":"Over the limit.","score":0.5}],
                 "response_time":0.8}""";

        // when
        List<Passage> results = tavily().search(REQUEST);

        // then
        FakeApi.Seen seen = api.requests.get(0);
        assertThat(seen.method()).isEqualTo("POST");
        assertThat(seen.path()).isEqualTo("/search");
        assertThat(seen.headers().get("Authorization")).containsExactly("Bearer tvly-secret-123");
        assertThat(seen.body()).contains("\"query\":\"insulin produced\"").contains("\"max_results\":2");
        assertThat(results).hasSize(2);
        assertThat(results.get(0).text()).isEqualTo("Insulin is produced by beta cells of the pancreas.");
        assertThat(results.get(0).source().title()).isEqualTo("Insulin & you");
        assertThat(results.get(0).source().uri()).isEqualTo("https://example.test/insulin");
        assertThat(results.get(0).source().origin()).isEqualTo(Origin.WEB);
    }

    @Test
    void should_speak_searxngs_wire_format() {
        // given
        api.body = """
                {"query":"insulin produced","number_of_results":2,"results":[
                  {"url":"https://example.test/a","title":"A","content":"Insulin comes from the pancreas.","engine":"wikipedia","score":1.5}]}""";
        SearchProvider searxng = create(new SearxngSearchFactory(), Map.of("baseUrl", api.url() + "/"));

        // when
        List<Passage> results = searxng.search(REQUEST);

        // then
        FakeApi.Seen seen = api.requests.get(0);
        assertThat(seen.method()).isEqualTo("GET");
        assertThat(seen.path()).isEqualTo("/search");
        assertThat(seen.query()).contains("format=json").contains("q=insulin+produced").contains("categories=general");
        assertThat(results).extracting(Passage::text).containsExactly("Insulin comes from the pancreas.");
    }

    @Test
    void should_speak_googles_wire_format() {
        // given
        api.body = """
                {"kind":"customsearch#search","items":[
                  {"title":"Insulin","link":"https://example.test/g","snippet":"Insulin is made in the pancreas&#39;s islets.","htmlSnippet":"<b>Insulin</b>"}]}""";
        SearchProvider google = create(new GoogleSearchFactory(),
                Map.of("apiKey", "AIza-secret", "engineId", "cx-1", "baseUrl", api.url() + "/customsearch/v1"));

        // when
        List<Passage> results = google.search(REQUEST);

        // then
        assertThat(api.requests.get(0).query()).contains("key=AIza-secret").contains("cx=cx-1").contains("num=2");
        assertThat(results).singleElement().satisfies(p -> {
            assertThat(p.text()).isEqualTo("Insulin is made in the pancreas's islets.");
            assertThat(p.source().uri()).isEqualTo("https://example.test/g");
        });
    }

    @Test
    void should_classify_a_429_as_rate_limited_with_the_providers_retry_after() {
        api.status = 429;
        api.headers = Map.of("Retry-After", "7");
        api.body = "{\"detail\":{\"error\":\"rate limit\"}}";

        assertThatThrownBy(() -> tavily().search(REQUEST)).isInstanceOfSatisfying(SearchException.class, e -> {
            assertThat(e.kind()).isEqualTo(SearchException.Kind.RATE_LIMITED);
            assertThat(e.retryAfter()).contains(Duration.ofSeconds(7));
        });
    }

    @Test
    void should_classify_server_errors_as_transient_and_bad_answers_as_permanent__without_leaking_the_key() {
        api.status = 503;
        assertThatThrownBy(() -> tavily().search(REQUEST)).isInstanceOfSatisfying(SearchException.class, e -> {
            assertThat(e.kind()).isEqualTo(SearchException.Kind.TRANSIENT);
            assertThat(e.httpStatus()).contains(503);
        });

        api.status = 200;
        api.body = "{\"results\": [ {\"url\": ";
        assertThatThrownBy(() -> tavily().search(REQUEST)).isInstanceOfSatisfying(SearchException.class, e -> {
            assertThat(e.kind()).isEqualTo(SearchException.Kind.PERMANENT);
            assertThat(e.getMessage()).contains("malformed JSON");
        });

        api.status = 401;
        api.body = "{\"error\":\"bad key\"}";
        SearchProvider google = create(new GoogleSearchFactory(),
                Map.of("apiKey", "AIza-secret", "engineId", "cx-1", "baseUrl", api.url()));
        assertThatThrownBy(() -> google.search(REQUEST)).isInstanceOfSatisfying(SearchException.class, e -> {
            assertThat(e.kind()).isEqualTo(SearchException.Kind.PERMANENT);
            assertThat(e.getMessage()).contains("credentials rejected").doesNotContain("AIza-secret");
        });
    }

    @Test
    void should_classify_a_refused_connection_as_transient() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            closedPort = socket.getLocalPort();
        }
        SearchProvider searxng = create(new SearxngSearchFactory(), Map.of("baseUrl", "http://127.0.0.1:" + closedPort));

        assertThatThrownBy(() -> searxng.search(REQUEST)).isInstanceOfSatisfying(SearchException.class,
                e -> assertThat(e.kind()).isEqualTo(SearchException.Kind.TRANSIENT));
    }

    @Test
    void should_return_nothing_for_an_empty_result() {
        api.body = "{\"results\":[]}";

        assertThat(tavily().search(REQUEST)).isEmpty();
    }

    @Test
    void should_strip_markup_entities_and_boilerplate() {
        assertThat(HtmlText.clean("<script>var x=1;</script><nav>Skip to content</nav><p>Caf&eacute; &amp; bar &#8212; open</p>"
                + "<div>We use cookies to improve your experience. Accept all cookies</div>"))
                .isEqualTo("Caf&eacute; & bar — open");
    }
}

package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import io.corrigo.server.tenant.TenantService;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A tenant admin cannot point the host inside (SSRF). This host allows only 127.0.0.1 (where the tests' fake remote
 * services listen); an "internal service" listens on 127.0.0.2, loopback too but not allowed, and must never be
 * called: not through a saved setting in any spelling of its address, not through a redirect from an allowed
 * service, not through a pipeline stored before the policy existed.
 */
class OutboundAddressesTest extends HostTestBase {

    private static final String SECRET = "internal-only: the database password is hunter2";

    @Autowired
    JdbcTemplate jdbc;

    private HttpServer inside;
    private HttpServer redirector;
    private final AtomicInteger insideCalls = new AtomicInteger();

    @BeforeEach
    void listen() throws IOException {
        inside = HttpServer.create(new InetSocketAddress("127.0.0.2", 0), 16);
        inside.createContext("/", exchange -> {
            insideCalls.incrementAndGet();
            reply(exchange, 200, "{\"results\":[{\"title\":\"Internal\",\"url\":\"http://internal/\",\"content\":\"" + SECRET + "\"}]}");
        });
        inside.start();
        // an allowed "search service" that redirects every request to the internal one
        redirector = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        redirector.createContext("/", exchange -> {
            exchange.getResponseHeaders().add("Location", insideUrl() + exchange.getRequestURI());
            reply(exchange, 302, "");
        });
        redirector.start();
    }

    @AfterEach
    void stop() {
        inside.stop(0);
        redirector.stop(0);
    }

    private String insideUrl() {
        return "http://127.0.0.2:" + inside.getAddress().getPort();
    }

    private static void reply(com.sun.net.httpserver.HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private String tenant(String id) {
        postJson("/api/v1/tenants", Map.of("id", id, "name", id));
        return id;
    }

    private Reply saveStage(String tenant, String stage, String factoryId, Map<String, String> properties) {
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/" + tenant + "/pipeline").body().get("definition");
        ((ObjectNode) definition.get("stages")).set(stage, JSON.valueToTree(Map.of("factoryId", factoryId, "properties", properties)));
        return putJson("/api/v1/tenants/" + tenant + "/pipeline", definition);
    }

    @Test
    void should_refuse_on_save_every_spelling_of_an_internal_address__naming_the_setting_not_the_target() {
        // given
        String tenant = tenant("ssrf-save");
        int port = inside.getAddress().getPort();
        List<String> spellings = List.of("http://127.0.0.2:" + port, "http://2130706434:" + port, "http://127.2:" + port,
                "http://[::ffff:127.0.0.2]:" + port, "http://[::1]:" + port, "http://user@127.0.0.2:" + port + "/x");

        for (String url : spellings) {
            // when
            Reply searxng = saveStage(tenant, "search", "searxng-search", Map.of("baseUrl", url));

            // then
            assertThat(searxng.status()).as(url).isEqualTo(400);
            // the policy's line names the setting and the kind of address, never the address or port
            assertThat(searxng.body().get("details")).as(url).filteredOn(d -> d.asText().startsWith("stages.search.baseUrl:"))
                    .singleElement().satisfies(d -> assertThat(d.asText()).matches("stages\\.search\\.baseUrl: (a loopback "
                                    + "address|an IP address not written as four decimal numbers);.*")
                            .doesNotContain(String.valueOf(port)).doesNotContain("127."));
        }
        Reply tavily = saveStage(tenant, "search", "tavily-search", Map.of("apiKey", "k", "baseUrl", insideUrl()));
        Reply openSearch = saveStage(tenant, "retriever", "opensearch-retriever", Map.of("url", insideUrl()));
        Reply pgvector = saveStage(tenant, "retriever", "pgvector-retriever",
                Map.of("url", "jdbc:postgresql://127.0.0.1:5432,127.0.0.2:" + port + "/kb"));
        assertThat(tavily.body().get("details").toString()).contains("stages.search.baseUrl");
        assertThat(openSearch.body().get("details").toString()).contains("stages.retriever.url");
        assertThat(pgvector.body().get("details").toString()).as("a second host of a JDBC URL").contains("stages.retriever.url");
        assertThat(insideCalls).hasValue(0);
    }

    @Test
    void should_read_a_jdbc_url_as_the_driver_does__a_host_parameter_reaches_no_listener() throws Exception {
        // given: a raw TCP listener on the internal address, counting every connection (PostgreSQL's driver speaks no HTTP)
        String tenant = tenant("ssrf-jdbc");
        AtomicInteger connections = new AtomicInteger();
        try (java.net.ServerSocket database = new java.net.ServerSocket(0, 16, java.net.InetAddress.getByName("127.0.0.2"))) {
            Thread acceptor = new Thread(() -> {
                while (!database.isClosed()) {
                    try (java.net.Socket ignored = database.accept()) {
                        connections.incrementAndGet();
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            int port = database.getLocalPort();
            List<String> urls = List.of("jdbc:postgresql://db.example.com/kb?PGHOST=127.0.0.2&PGPORT=" + port,
                    "jdbc:postgresql://db.example.com:5432/kb?PGHOST=db.example.com,127.0.0.2&PGPORT=5432," + port);

            for (String url : urls) {
                // when: saved, and tried with Test connection
                Reply saved = saveStage(tenant, "retriever", "pgvector-retriever", Map.of("url", url));
                Reply tried = postJson("/api/v1/tenants/" + tenant + "/pipeline/stages/retriever/test",
                        Map.of("factoryId", "pgvector-retriever", "properties", Map.of("url", url)));

                // then: refused both ways, naming the setting, not the address
                assertThat(saved.status()).as(url).isEqualTo(400);
                assertThat(saved.body().get("details").toString()).contains("stages.retriever.url").doesNotContain("127.0.0.2");
                assertThat(tried.body().get("ok").asBoolean()).as(tried.body().toString()).isFalse();
                assertThat(tried.body().toString()).contains("outbound policy").doesNotContain(String.valueOf(port));
            }
            assertThat(connections).as("connections that reached the internal listener").hasValue(0);
        }
    }

    @Test
    void should_not_follow_a_redirect_from_an_allowed_service_to_an_internal_one() {
        // given: nothing in the knowledge base, so every question goes to the web search
        String tenant = tenant("ssrf-redirect");
        Reply saved = saveStage(tenant, "search", "searxng-search",
                Map.of("baseUrl", "http://127.0.0.1:" + redirector.getAddress().getPort()));
        assertThat(saved.status()).as(saved.body().toString()).isEqualTo(200);

        // when
        Reply answer = ask(tenant, "What is the database password of the internal service?");

        // then
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body().toString()).doesNotContain("hunter2");
        assertThat(answer.body().get("degraded").asBoolean()).isTrue();
        assertThat(answer.body().get("notices").toString()).contains("redirects are not followed");
        assertThat(insideCalls).hasValue(0);
    }

    @Test
    void should_refuse_at_run_time_a_stored_pipeline_that_points_inside__saying_why_but_not_where()
            throws InterruptedException {
        // given: a pipeline stored before the policy existed (written to the database as it was then)
        String tenant = tenant("ssrf-stored");
        assertThat(saveStage(tenant, "search", "searxng-search", Map.of("baseUrl", "http://127.0.0.1:9")).status()).isEqualTo(200);
        String stored = jdbc.queryForObject("SELECT definition FROM pipeline WHERE tenant_id = ? AND active", String.class, tenant);
        jdbc.update("UPDATE pipeline SET definition = ? WHERE tenant_id = ? AND active",
                stored.replace("http://127.0.0.1:9", insideUrl()), tenant);
        Thread.sleep(TenantService.CACHE_TTL.plusMillis(500).toMillis());

        // when
        Reply answer = ask(tenant, "What is the database password of the internal service?");

        // then
        JsonNode notices = answer.body().get("notices");
        assertThat(answer.body().get("degraded").asBoolean()).isTrue();
        assertThat(notices.toString()).contains("outbound policy").doesNotContain("127.0.0.2")
                .doesNotContain(String.valueOf(inside.getAddress().getPort()));
        assertThat(answer.body().toString()).doesNotContain("hunter2");
        assertThat(insideCalls).hasValue(0);
    }
}

package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import io.corrigo.server.plugin.TestPlugins;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Plugins installed, upgraded, disabled, enabled and uninstalled through the API while queries run; plugins that
 * throw, hang or return NaN contained; secret settings encrypted in the database and masked in the API. A host of its
 * own (own data and plugins directories, no demo tenant), so that installing plugins touches no other test.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class PluginLifecycleApiTest extends HttpTestBase {

    private static final String ANY_1X = ">=1.0.0 & <2.0.0";
    private static final Path PLUGINS = TestPlugins.copyOfTheBuiltPlugins("host-");
    private static final Path DATA = Paths.get("target", "test-data", "lifecycle-" + UUID.randomUUID()).toAbsolutePath();
    private static final Path WORK = Paths.get("target", "test-plugins", UUID.randomUUID().toString()).toAbsolutePath();

    @Autowired
    JdbcTemplate jdbc;

    @DynamicPropertySource
    static void ownHost(DynamicPropertyRegistry registry) {
        registry.add("corrigo.plugins-dir", PLUGINS::toString);
        registry.add("corrigo.data-dir", DATA::toString);
        registry.add("corrigo.demo.enabled", () -> "false");
        // short enough for the hanging evaluator (3 s) to time out, long enough for a first call on a just rebuilt
        // pipeline while three clients ask at once on two cores (500 ms made that call time out now and then)
        registry.add("corrigo.plugins.call-timeout-millis", () -> "1500");
        registry.add("corrigo.security.admin-password", () -> ADMIN_PASSWORD);
        // the fake remote services of these tests listen on 127.0.0.1; every other internal address stays refused
        registry.add("corrigo.outbound.allow", () -> "127.0.0.1");
    }

    /** A tenant with one document, whose pipeline uses {@code stage} = {@code factoryId} and has no critic. */
    private void tenant(String id, String stage, String factoryId) {
        assertThat(postJson("/api/v1/tenants", Map.of("id", id, "name", id)).status()).isEqualTo(201);
        Reply upload = uploadAndWait("/api/v1/tenants/" + id + "/documents", "museum.txt", ("The museum opens at nine in the "
                + "morning. The greeting robot says hello to every visitor at the museum entrance. Tickets cost twelve euros.")
                .getBytes(StandardCharsets.UTF_8));
        assertThat(upload.status()).as(upload.body().toString()).isIn(200, 201, 202);
        useStage(id, stage, factoryId, Map.of());
    }

    private void useStage(String tenant, String stage, String factoryId, Map<String, String> properties) {
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/" + tenant + "/pipeline").body().get("definition");
        ((ObjectNode) definition.get("stages")).remove("critic");
        ((ObjectNode) definition.get("stages")).set(stage, JSON.valueToTree(Map.of("factoryId", factoryId, "properties", properties)));
        Reply saved = putJson("/api/v1/tenants/" + tenant + "/pipeline", definition);
        assertThat(saved.status()).as(saved.body().toString()).isEqualTo(200);
    }

    /**
     * Asks the museum until the reply passes {@code check}, at most 10 times within about 3 s, printing every reply that
     * did not (with what it was answered from). A plugin change takes effect from the next query on, but a reply may
     * still come from a run that started before it.
     */
    private Reply askUntil(java.util.function.Predicate<JsonNode> check) throws InterruptedException {
        Reply reply = null;
        for (int attempt = 1; attempt <= 10; attempt++) {
            reply = ask("museum", "Who says hello to visitors?");
            if (reply.status() == 200 && check.test(reply.body())) {
                return reply;
            }
            System.out.println("PluginLifecycleApiTest: transient reply " + attempt + " after a plugin change: " + reply.body());
            if (reply.body().hasNonNull("traceUrl")) { // what it was answered from: the passages, grades and strips
                JsonNode trace = get(reply.body().get("traceUrl").asText()).body().path("trace");
                System.out.println("  retrieved: " + trace.path("retrieved") + "\n  strips: " + trace.path("strips")
                        + "\n  plugins: " + trace.path("plugins"));
            }
            Thread.sleep(300);
        }
        return reply;
    }

    private Reply install(String fileName, byte[] content) {
        return upload("/api/v1/plugins", fileName, content);
    }

    @Test
    void should_install_upgrade_disable_enable_and_uninstall_while_queries_run__and_no_query_fails() throws Exception {
        // given
        Reply v1 = install("greeting-1.0.0.zip", TestPlugins.build(WORK, "greeting", "1.0.0", ANY_1X, TestPlugins.greetingGenerator("v1")));
        assertThat(v1.status()).as(v1.body().toString()).isEqualTo(201);
        tenant("museum", "generator", "greeting-generator");
        assertThat(ask("museum", "Who says hello to visitors?").body().get("answer").asText()).startsWith("v1:");

        List<Integer> statuses = new CopyOnWriteArrayList<>();
        List<String> answers = new CopyOnWriteArrayList<>();
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService askers = Executors.newFixedThreadPool(3);
        for (int i = 0; i < 3; i++) {
            askers.submit(() -> {
                while (running.get()) {
                    Reply reply = ask("museum", "Who says hello to visitors?");
                    statuses.add(reply.status());
                    answers.add(reply.body().path("answer").asText(""));
                }
                return null;
            });
        }
        try {
            // when: upgrade
            Reply v2 = install("greeting-1.1.0.zip", TestPlugins.build(WORK, "greeting", "1.1.0", ANY_1X, TestPlugins.greetingGenerator("v2")));
            assertThat(v2.status()).as(v2.body().toString()).isEqualTo(201);
            assertThat(v2.body().get("version").asText()).isEqualTo("1.1.0");
            assertThat(askUntil(r -> r.get("answer").asText().startsWith("v2:")).body().get("answer").asText())
                    .as("after the upgrade").startsWith("v2:");

            // disable: the pipeline is broken and says why; runs degrade
            assertThat(postJson("/api/v1/plugins/greeting/disable", Map.of()).status()).isEqualTo(200);
            JsonNode broken = get("/api/v1/tenants/museum/pipeline/status").body();
            assertThat(broken.get("broken").asBoolean()).isTrue();
            assertThat(broken.get("problems").toString()).contains("generator 'greeting-generator': no started plugin offers it");
            Reply degraded = askUntil(r -> r.get("degraded").asBoolean());
            assertThat(degraded.status()).isEqualTo(200);
            assertThat(degraded.body().get("degraded").asBoolean()).as(degraded.body().toString()).isTrue();

            // enable, then uninstall
            assertThat(postJson("/api/v1/plugins/greeting/enable", Map.of()).status()).isEqualTo(200);
            assertThat(get("/api/v1/tenants/museum/pipeline/status").body().get("broken").asBoolean()).isFalse();
            Reply afterEnable = askUntil(r -> r.get("answer").asText().startsWith("v2:"));
            assertThat(afterEnable.body().get("answer").asText()).as(afterEnable.body().toString()).startsWith("v2:");
            Thread.sleep(300);
            assertThat(delete("/api/v1/plugins/greeting").status()).isEqualTo(204);
            assertThat(StreamSupport.stream(get("/api/v1/plugins").body().spliterator(), false)
                    .map(p -> p.get("id").asText())).doesNotContain("greeting");
            assertThat(get("/api/v1/tenants/museum/pipeline/status").body().get("problems").toString())
                    .contains("greeting-generator");
            Thread.sleep(300);
        } finally {
            running.set(false);
            askers.shutdown();
            assertThat(askers.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        }

        // then: every query during all of it was answered (or abstained), none failed
        assertThat(statuses).hasSizeGreaterThan(10).containsOnly(200);
        assertThat(answers).anyMatch(a -> a.startsWith("v1:")).anyMatch(a -> a.startsWith("v2:"));
        // and the plugins that did not change were never disturbed: their instances were carried over, not closed
        // under the runs in flight (which once failed those runs' evaluator calls and opened its breaker)
        assertThat(StreamSupport.stream(get("/api/v1/tenants/museum/resilience").body().spliterator(), false)
                .filter(g -> !g.get("provider").asText().equals("greeting-generator")))
                .isNotEmpty()
                .allSatisfy(g -> assertThat(g.get("failedCalls").asInt()).as(g.toString()).isZero());
    }

    @Test
    void should_refuse_a_plugin_for_another_api_version_and_a_zip_slip_file_through_the_api() {
        Reply future = install("future-1.0.0.zip", TestPlugins.build(WORK, "future", "1.0.0", ">=2.0.0 & <3.0.0", TestPlugins.greetingGenerator("f")));
        Reply slip = install("slip.zip", TestPlugins.zip(Map.of("plugin.properties", "plugin.id=slip\nplugin.version=1.0.0\n".getBytes(StandardCharsets.UTF_8), "../../slip.sh", new byte[] {1})));

        assertThat(future.status()).isEqualTo(400);
        assertThat(future.body().get("message").asText()).contains("requires plugin API >=2.0.0 & <3.0.0, this host offers");
        assertThat(slip.status()).isEqualTo(400);
        assertThat(slip.body().get("message").asText()).contains("outside the plugin's folder");
        JsonNode policy = get("/api/v1/plugins/policy").body();
        assertThat(policy.get("apiVersion").asText()).isEqualTo(io.corrigo.api.PluginApi.VERSION).isEqualTo("1.9.0");
        assertThat(policy.get("allowUnsigned").asBoolean()).as("demo mode").isTrue();
    }

    @Test
    void should_contain_plugins_that_throw_hang_or_return_nan__and_trip_the_breaker_of_the_one_that_keeps_failing() {
        // given
        Reply chaos = install("chaos-1.0.0.zip", TestPlugins.build(WORK, "chaos", "1.0.0", ANY_1X, TestPlugins.misbehavingEvaluators()));
        assertThat(chaos.status()).as(chaos.body().toString()).isEqualTo(201);
        tenant("chaos", "evaluator", "throwing-evaluator");

        // when: an evaluator that throws an Error
        Reply thrown = ask("chaos", "When does the museum open?");

        // then: the run degrades, the trace names the plugin and what it did
        assertThat(thrown.status()).isEqualTo(200);
        assertThat(trace(thrown).get("retrieved").toString()).contains("throwing-evaluator").contains("evaluator exploded");
        assertThat(thrown.body().get("degraded").asBoolean()).as("graded without evidence: " + thrown.body()).isTrue();
        assertThat(trace(thrown).get("notices").toString()).contains("EVALUATE").contains("graded AMBIGUOUS");
        for (int i = 0; i < 5; i++) {
            assertThat(ask("chaos", "When does the museum open?").status()).isEqualTo(200);
        }
        JsonNode guards = get("/api/v1/tenants/chaos/resilience").body();
        assertThat(StreamSupport.stream(guards.spliterator(), false)
                .filter(g -> g.get("name").asText().equals("plugin-chaos-throwing-evaluator")))
                .singleElement().satisfies(g -> assertThat(g.get("state").asText()).isEqualTo("OPEN"));

        // an evaluator that hangs past the host's call timeout (1500 ms here)
        useStage("chaos", "evaluator", "hanging-evaluator", Map.of());
        Reply hung = ask("chaos", "When does the museum open?");
        assertThat(hung.status()).isEqualTo(200);
        assertThat(trace(hung).get("retrieved").toString()).contains("hanging-evaluator").contains("timed out after 1500 ms");

        // an evaluator that returns NaN
        useStage("chaos", "evaluator", "nan-evaluator", Map.of());
        Reply nan = ask("chaos", "When does the museum open?");
        assertThat(nan.status()).isEqualTo(200);
        assertThat(trace(nan).get("retrieved").toString()).contains("nan-evaluator").contains("returned NaN");

        // and the host is still fine
        assertThat(get("/actuator/health").body().get("status").asText()).isEqualTo("UP");
    }

    private JsonNode trace(Reply reply) {
        return get(reply.body().get("traceUrl").asText()).body().get("trace");
    }

    @Test
    void should_keep_secret_settings_encrypted_in_the_database_masked_in_the_api_and_still_use_them() throws Exception {
        // given: a stand-in of Tavily that records the key it is sent
        List<String> keys = new CopyOnWriteArrayList<>();
        HttpServer tavily = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        tavily.createContext("/search", exchange -> {
            keys.add(exchange.getRequestHeaders().getFirst("Authorization"));
            byte[] body = """
                    {"query":"q","results":[{"title":"Opening hours","url":"https://example.test/hours","content":"The city museum opens at nine.","score":0.9}]}"""
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        tavily.start();
        try {
            assertThat(postJson("/api/v1/tenants", Map.of("id", "vault", "name", "vault")).status()).isEqualTo(201);
            String secret = "tvly-top-secret-987";
            useStage("vault", "search", "tavily-search", Map.of("apiKey", secret,
                    "baseUrl", "http://127.0.0.1:" + tavily.getAddress().getPort()));

            // then: masked in the API
            Reply read = get("/api/v1/tenants/vault/pipeline");
            assertThat(read.body().toString()).doesNotContain(secret);
            assertThat(read.body().at("/definition/stages/search/properties/apiKey").asText()).isEqualTo("********");

            // encrypted in the database
            List<String> stored = jdbc.queryForList("select definition from pipeline where tenant_id = 'vault'", String.class);
            assertThat(stored).isNotEmpty().allSatisfy(d -> assertThat(d).doesNotContain(secret));
            assertThat(stored.get(stored.size() - 1)).contains("enc:v1:");

            // saving the masked form back (another setting changed) keeps the key, and the search uses it
            ObjectNode definition = (ObjectNode) read.body().get("definition");
            ((ObjectNode) definition.get("settings")).put("topK", 4);
            assertThat(putJson("/api/v1/tenants/vault/pipeline", definition).status()).isEqualTo(200);
            Reply answer = ask("vault", "When does the city museum open?");
            assertThat(answer.status()).isEqualTo(200);
            assertThat(keys).contains("Bearer " + secret);
            assertThat(get(answer.body().get("traceUrl").asText()).body().toString()).doesNotContain(secret);
            assertThat(jdbc.queryForList("select definition from pipeline where tenant_id = 'vault'", String.class))
                    .allSatisfy(d -> assertThat(d).doesNotContain(secret));

            // pointing the stage at another address while keeping the key masked is refused, naming the key:
            // a stored secret is not sent where it was not sent before
            ObjectNode redirected = definition.deepCopy();
            ((ObjectNode) redirected.at("/stages/search/properties")).put("baseUrl", "http://127.0.0.1:9/collect");
            Reply refused = putJson("/api/v1/tenants/vault/pipeline", redirected);
            assertThat(refused.status()).isEqualTo(400);
            assertThat(refused.body().get("code").asText()).isEqualTo("secret_required");
            assertThat(refused.body().get("details").toString())
                    .contains("stages.search.apiKey: give the secret again, baseUrl changed");
            assertThat(get("/api/v1/tenants/vault/pipeline").body().at("/definition/stages/search/properties/baseUrl")
                    .asText()).isEqualTo("http://127.0.0.1:" + tavily.getAddress().getPort());
            // with the key given again, the new address is accepted
            ((ObjectNode) redirected.at("/stages/search/properties")).put("apiKey", "tvly-for-the-new-host");
            assertThat(putJson("/api/v1/tenants/vault/pipeline", redirected).status()).isEqualTo(200);
            ((ObjectNode) definition.at("/stages/search/properties")).put("apiKey", secret);
            assertThat(putJson("/api/v1/tenants/vault/pipeline", definition).status()).isEqualTo(200);

            // clearing a required key is refused, and names it
            ((ObjectNode) definition.at("/stages/search/properties")).put("apiKey", "");
            Reply cleared = putJson("/api/v1/tenants/vault/pipeline", definition);
            assertThat(cleared.status()).isEqualTo(400);
            assertThat(cleared.body().get("details").toString()).contains("apiKey: a value is required");
        } finally {
            tavily.stop(0);
        }
    }
}

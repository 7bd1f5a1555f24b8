package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.server.plugin.TestPlugins;
import io.corrigo.testsupport.Eventually;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * An untrusted plugin through the API, on a host of its own: its outbound hosts must be approved at install; it runs in
 * a runner (shown in the plugin list); when its runner is killed in the middle of a query, that query is answered
 * degraded, the runner is started again, and the next query is answered from the plugin as before.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class PluginRunnerApiTest extends HttpTestBase {

    private static final Path DATA = Paths.get("target", "test-data", "runner-" + UUID.randomUUID()).toAbsolutePath();
    private static final Path PLUGINS = TestPlugins.copyOfTheBuiltPlugins("runner-");
    private static final Path WORK = Paths.get("target", "test-plugins", UUID.randomUUID().toString()).toAbsolutePath();

    @DynamicPropertySource
    static void ownHost(DynamicPropertyRegistry registry) {
        registry.add("corrigo.plugins-dir", PLUGINS::toString);
        registry.add("corrigo.data-dir", DATA::toString);
        registry.add("corrigo.demo.enabled", () -> "false");
        registry.add("corrigo.security.admin-password", () -> ADMIN_PASSWORD);
        registry.add("corrigo.plugins.runner.health-seconds", () -> "1");
    }

    private JsonNode plugin(String id) {
        return StreamSupport.stream(get("/api/v1/plugins").body().spliterator(), false)
                .filter(p -> p.get("id").asText().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void should_ask_approval_for_outbound_hosts__answer_degraded_when_the_runner_dies_mid_query__restart_it__and_end_it_with_its_tenant()
            throws Exception {
        byte[] probe = TestPlugins.build(WORK, "probe", "1.0.0", ">=1.0.0 & <2.0.0", TestPlugins.probeRetriever(),
                "plugin.outboundHosts=api.example.test:443\n");

        // installing needs the admin's approval of the hosts it declares
        Reply unapproved = upload("/api/v1/plugins", "probe-1.0.0.zip", probe);
        assertThat(unapproved.status()).as(unapproved.body().toString()).isEqualTo(409);
        assertThat(unapproved.body().get("code").asText()).isEqualTo("outbound_not_approved");
        assertThat(unapproved.body().get("message").asText()).contains("api.example.test:443");
        Reply installed = upload("/api/v1/plugins?approveOutbound=true", "probe-1.0.0.zip", probe);
        assertThat(installed.status()).as(installed.body().toString()).isEqualTo(201);
        assertThat(installed.body().get("isolation").asText()).isEqualTo("runner");
        assertThat(installed.body().get("outboundHosts").toString()).contains("api.example.test:443");
        long firstPid = installed.body().get("runner").get("pid").asLong();
        assertThat(ProcessHandle.of(firstPid)).isPresent();

        // a tenant whose retriever is the untrusted plugin
        assertThat(postJson("/api/v1/tenants", Map.of("id", "museum", "name", "Museum")).status()).isEqualTo(201);
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/museum/pipeline").body().get("definition");
        ((ObjectNode) definition.get("stages")).remove("critic");
        ((ObjectNode) definition.get("stages")).set("retriever", JSON.valueToTree(Map.of("factoryId", "probe-retriever",
                "properties", Map.of())));
        Reply saved = putJson("/api/v1/tenants/museum/pipeline", definition);
        assertThat(saved.status()).as(saved.body().toString()).isEqualTo(200);
        Reply before = ask("museum", "When does the museum open?");
        assertThat(before.status()).isEqualTo(200);
        assertThat(before.body().get("degraded").asBoolean()).as(before.body().toString()).isFalse();
        assertThat(before.body().get("answer").asText()).contains("nine");

        // when: the runner dies while it works on a query
        CompletableFuture<Reply> slow = CompletableFuture.supplyAsync(() -> ask("museum", "slow: when does the museum open?"));
        Thread.sleep(1500);
        assertThat(slow).isNotDone();
        // (the tenant's instances run in a runner of the tenant's own)
        long servingPid = plugin("probe").get("runner").get("tenants").get("museum").asLong();
        ProcessHandle.of(servingPid).orElseThrow().destroyForcibly();

        // then: that query is answered, degraded, with the reason
        Reply during = slow.get(60, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(during.status()).isEqualTo(200);
        assertThat(during.body().get("degraded").asBoolean()).as(during.body().toString()).isTrue();

        // and the runner is started again; the next query is answered by the plugin as before
        JsonNode runner = Eventually.until(() -> plugin("probe").get("runner"),
                r -> r.path("tenants").path("museum").asLong() > 0 && r.get("restarts").asLong() >= 1, Duration.ofSeconds(30));
        assertThat(runner.get("running").asBoolean()).as(runner.toString()).isTrue();
        assertThat(runner.get("restarts").asLong()).isEqualTo(1);
        assertThat(runner.get("tenants").get("museum").asLong()).isNotEqualTo(servingPid).isPositive();
        assertThat(runner.get("lastError").asText()).contains("killed");
        Reply after = ask("museum", "When does the museum open?");
        assertThat(after.body().get("degraded").asBoolean()).as(after.body().toString()).isFalse();
        assertThat(after.body().get("answer").asText()).contains("nine");

        // and a deleted tenant leaves neither its runner nor its folder
        long museumPid = plugin("probe").get("runner").get("tenants").get("museum").asLong();
        Path folder = DATA.resolve("runners").resolve("probe.tenants").resolve("museum");
        assertThat(folder).isDirectory();
        assertThat(delete("/api/v1/tenants/museum?confirm=museum").status()).isEqualTo(200);
        assertThat(plugin("probe").get("runner").get("tenants").has("museum")).isFalse();
        assertThat(folder).doesNotExist();
        assertThat(ProcessHandle.of(museumPid).map(ProcessHandle::isAlive).orElse(false)).as("its process").isFalse();
    }

    @Test
    void should_show_a_pipeline_whose_plugin_fails_to_start_as_broken__and_start_it_again_with_backoff() throws Exception {
        if (StreamSupport.stream(get("/api/v1/plugins").body().spliterator(), false).noneMatch(p -> p.get("id").asText().equals("probe"))) {
            byte[] probe = TestPlugins.build(WORK, "probe", "1.0.0", ">=1.0.0 & <2.0.0", TestPlugins.probeRetriever(),
                    "plugin.outboundHosts=api.example.test:443\n");
            assertThat(upload("/api/v1/plugins?approveOutbound=true", "probe-1.0.0.zip", probe).status()).isEqualTo(201);
        }
        // given: a tenant whose retriever's first two starts fail
        assertThat(postJson("/api/v1/tenants", Map.of("id", "flaky", "name", "Flaky")).status()).isEqualTo(201);
        ObjectNode definition = (ObjectNode) get("/api/v1/tenants/flaky/pipeline").body().get("definition");
        ((ObjectNode) definition.get("stages")).remove("critic");
        ((ObjectNode) definition.get("stages")).set("retriever", JSON.valueToTree(Map.of("factoryId", "probe-retriever",
                "properties", Map.of("failStarts", "2"))));
        assertThat(putJson("/api/v1/tenants/flaky/pipeline", definition).status()).isEqualTo(200);

        // when: the first question finds it failing
        Reply first = ask("flaky", "When does the museum open?");

        // then: answered degraded, and the pipeline is shown broken with the reason while it fails
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.body().get("degraded").asBoolean()).as(first.body().toString()).isTrue();
        JsonNode broken = get("/api/v1/tenants/flaky/pipeline/status").body();
        assertThat(broken.get("broken").asBoolean()).as(broken.toString()).isTrue();
        assertThat(broken.get("problems").toString()).contains("could not be created").contains("start 1 of the probe fails")
                .contains("Tried 1 time");
        // a question before the wait is over does not try again
        ask("flaky", "When does the museum open?");
        assertThat(get("/api/v1/tenants/flaky/pipeline/status").body().get("problems").toString()).contains("Tried 1 time");

        // and it is tried again after the wait (2 s, then 4 s): the second try fails, the third starts it
        JsonNode second = Eventually.until(() -> {
            ask("flaky", "When does the museum open?");
            return get("/api/v1/tenants/flaky/pipeline/status").body();
        }, s -> s.get("problems").toString().contains("Tried 2 times"), Duration.ofSeconds(20));
        assertThat(second.get("broken").asBoolean()).isTrue();
        assertThat(second.get("problems").toString()).contains("start 2 of the probe fails");
        Reply answered = Eventually.until(() -> ask("flaky", "When does the museum open?"),
                r -> !r.body().get("degraded").asBoolean(), Duration.ofSeconds(30));
        assertThat(answered.body().get("answer").asText()).contains("nine");
        JsonNode healthy = get("/api/v1/tenants/flaky/pipeline/status").body();
        assertThat(healthy.get("broken").asBoolean()).as(healthy.toString()).isFalse();
    }
}

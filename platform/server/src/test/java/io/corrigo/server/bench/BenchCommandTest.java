package io.corrigo.server.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.server.HostTestBase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark command against a real host: every phase runs, every question is counted, the report is written. */
class BenchCommandTest extends HostTestBase {

    @TempDir
    Path dir;

    @Test
    void should_measure_a_tenant_against_its_baseline_in_one_run_and_write_the_report() throws Exception {
        // given the demo tenant and a naive copy of its pipeline
        if (get("/api/v1/tenants/bench-naive").status() == 404) {
            assertThat(postJson("/api/v1/tenants", Map.of("id", "bench-naive", "name", "Naive")).status()).isEqualTo(201);
        }
        com.fasterxml.jackson.databind.node.ObjectNode definition =
                (com.fasterxml.jackson.databind.node.ObjectNode) get("/api/v1/tenants/demo/pipeline").body().get("definition");
        ((com.fasterxml.jackson.databind.node.ObjectNode) definition.get("settings")).put("mode", "NAIVE");
        assertThat(putJson("/api/v1/tenants/bench-naive/pipeline", definition).status()).isEqualTo(200);
        Path questions = dir.resolve("q.jsonl");
        Files.writeString(questions, """
                {"question": "What is the Hepatitis C virus?", "gold_route": "kb"}
                {"question": "what is the function of insulin and where is it produced", "gold_route": "web"}
                {"question": "who played charlotte lucas in pride and prejudice", "gold_route": "none"}
                """);
        Path out = dir.resolve("report/bench.json");
        BenchOptions options = BenchOptions.parse(List.of("--url", "http://127.0.0.1:" + port, "--tenant", "demo",
                "--baseline-tenant", "bench-naive", "--questions", questions.toString(), "--clients", "1,2",
                "--duration", "1s", "--warmup", "0s", "--out", out.toString(), "--markdown", dir.resolve("bench.md").toString()),
                Map.of("CORRIGO_ADMIN_PASSWORD", ADMIN_PASSWORD));
        ByteArrayOutputStream table = new ByteArrayOutputStream();

        // when
        new BenchCommand(options, new BenchClient(options.url(), options.user(), options.password()),
                new PrintStream(table, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream())).run();

        // then
        JsonNode report = new ObjectMapper().readTree(out.toFile());
        for (String tenant : List.of("demo", "bench-naive")) {
            JsonNode all = report.get("latency").get(tenant).get("all");
            assertThat(all.get("asked").asInt()).isEqualTo(3);
            assertThat(all.get("ok").asInt()).as(tenant).isEqualTo(3);
            assertThat(all.get("p50").asDouble()).isPositive();
            assertThat(report.get("latency").get(tenant).get("by_gold_route").fieldNames()).toIterable()
                    .containsExactly("kb", "none", "web");
        }
        assertThat(report.get("latency").get("demo").get("stages").fieldNames()).toIterable().contains("retrieve", "evaluate", "generate");
        assertThat(report.get("latency").get("bench-naive").get("stages").fieldNames()).toIterable().doesNotContain("evaluate");
        assertThat(report.get("throughput")).hasSize(2);
        for (JsonNode phase : report.get("throughput")) {
            for (String tenant : List.of("demo", "bench-naive")) {
                assertThat(phase.get(tenant).get("asked").asInt()).isPositive();
                assertThat(phase.get(tenant).get("errors").asInt()).isZero();
                assertThat(phase.get(tenant).get("queriesPerSecond").asDouble()).isPositive();
            }
        }
        assertThat(table.toString(StandardCharsets.UTF_8)).contains("overhead p50", "Throughput", "gold kb (1)");
        // and the same figures as a dated section for docs/performance, with the command that made them
        String markdown = Files.readString(dir.resolve("bench.md"));
        assertThat(markdown).startsWith("## Over HTTP, " + java.time.LocalDate.now(java.time.ZoneOffset.UTC))
                .contains("--tenant demo --baseline-tenant bench-naive", "| demo | all (3) |", "| bench-naive | gold kb (1) |",
                        "| 2 | demo |");
    }

    @Test
    void should_refuse_bad_options_with_a_reason() {
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--tenant", "demo"), Map.of()))
                .hasMessageContaining("--questions");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--tenant", "demo", "--questions", "pom.xml", "--clients", "0"),
                Map.of("CORRIGO_ADMIN_PASSWORD", "x"))).hasMessageContaining("--clients");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--tenant", "demo", "--questions", "pom.xml"), Map.of()))
                .hasMessageContaining("password");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--tenant", "demo", "--questions", "pom.xml", "--duration", "soon"),
                Map.of("CORRIGO_ADMIN_PASSWORD", "x"))).hasMessageContaining("duration");
    }
}

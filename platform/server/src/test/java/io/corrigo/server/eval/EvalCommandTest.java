package io.corrigo.server.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.server.HostTestBase;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The eval command end to end on a 20-question slice of the benchmark: a throw-away tenant from a knowledge-base
 * slice and a fallback slice, the tenant's pipeline and the naive baseline, a JSON and an HTML report. Checks the
 * report's shape and that every metric is in range, not particular scores.
 */
class EvalCommandTest extends HostTestBase {

    @Autowired
    EvalCommand command;

    @TempDir
    Path dir;

    @Test
    void should_evaluate_a_question_slice_against_the_naive_baseline_and_write_both_reports() throws IOException {
        Path questions = copy("eval/questions-20.jsonl", dir.resolve("questions.jsonl"));
        Set<String> gold = new HashSet<>();
        for (String line : Files.readAllLines(questions)) {
            JSON.readTree(line).path("gold_passage_ids").forEach(id -> gold.add(id.asText()));
        }
        Path kb = slice("demo/kb_passages.jsonl", gold, 60, dir.resolve("kb.jsonl"));
        Path web = slice("demo/web_passages.jsonl", gold, 40, dir.resolve("web.jsonl"));
        Path out = dir.resolve("report");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        EvalReport report = command.run(EvalCommand.Options.parse(List.of("--questions", questions.toString(),
                "--kb", kb.toString(), "--web", web.toString(), "--out", out.toString(), "--calibrate", "--apply")),
                new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(report.questions()).isEqualTo(20);
        assertThat(report.pipelines()).extracting(EvalReport.PipelineResult::name)
                .containsExactly("corrective v2", "naive"); // v1: a new tenant's default; v2: with the fallback corpus
        for (EvalReport.PipelineResult p : report.pipelines()) {
            EvalReport.Metrics m = p.overall();
            assertThat(m.questions()).isEqualTo(20);
            for (double unit : new double[] {m.routeAccuracy(), m.abstentionRecall(), m.falseAbstention(), m.tokenF1(),
                    m.containment()}) {
                assertThat(unit).isBetween(0.0, 1.0);
            }
            assertThat(m.latencyP95()).isGreaterThanOrEqualTo(m.latencyP50()).isPositive();
            assertThat(p.slices().keySet()).contains("source:covidqa", "source:clapnq", "route:kb", "route:web", "route:none");
            assertThat(p.confusion().keySet()).containsExactlyInAnyOrder("kb", "web", "none");
            assertThat(p.stageLatency()).containsKeys("RETRIEVE", "GENERATE");
        }
        EvalReport.Metrics corrective = report.pipelines().get(0).overall();
        assertThat(corrective.contextPrecision()).isBetween(0.0, 1.0);
        assertThat(corrective.contextRecall()).isBetween(0.0, 1.0);
        assertThat(report.pipelines().get(1).overall().contextPrecision()).as("naive traces hold no sentences").isNaN();
        assertThat(report.differences()).containsKeys("routeAccuracy", "falseAbstention", "latencyP50");

        JsonNode json = JSON.readTree(out.resolve("report.json").toFile());
        assertThat(json.get("pipelines")).hasSize(2);
        assertThat(Files.readAllLines(out.resolve("runs.jsonl"))).hasSize(40);
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("<svg", "route accuracy", "corrective v2", "naive", "confusion", "route:none");
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("100%", "Report:", "Saved the best thresholds");
        JsonNode points = JSON.readTree(out.resolve("calibration.json").toFile());
        assertThat(points.size()).isGreaterThan(100);
        double best = points.get(0).get("routeAccuracy").asDouble();
        for (JsonNode p : points) {
            assertThat(p.get("upper").asDouble()).isGreaterThanOrEqualTo(p.get("lower").asDouble());
            assertThat(p.get("routeAccuracy").asDouble()).isBetween(0.0, best);
            assertThat(p.get("fallbackShare").asDouble()).isBetween(0.0, 1.0);
        }
        String tenant = report.tenant();
        var saved = get("/api/v1/tenants/" + tenant + "/pipeline").body().get("definition").get("settings");
        assertThat(saved.get("upperThreshold").asDouble()).isEqualTo(points.get(0).get("upper").asDouble());
        assertThat(saved.get("stripThreshold").asDouble()).isEqualTo(points.get(0).get("strip").asDouble());
    }

    @Test
    void should_refuse_bad_arguments_with_a_clear_message() {
        assertThatThrownBy(() -> EvalCommand.Options.parse(List.of("--questions", "q.jsonl")))
                .hasMessageContaining("--questions and --out are required");
        assertThatThrownBy(() -> EvalCommand.Options.parse(List.of("--questions", "/nope.jsonl", "--out", "r",
                "--tenant", "t"))).hasMessageContaining("no such file: /nope.jsonl");
        assertThatThrownBy(() -> EvalCommand.Options.parse(List.of("--questions", "q", "--out", "r", "--colour", "x")))
                .hasMessageContaining("unknown option(s): --colour");
    }

    private Path copy(String resource, Path target) throws IOException {
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(resource)) {
            Files.write(target, in.readAllBytes());
        }
        return target;
    }

    /** The passages with {@code gold} ids plus the first {@code others} of the rest. */
    private Path slice(String resource, Set<String> gold, int others, Path target) throws IOException {
        List<String> kept = new ArrayList<>();
        int extra = 0;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(resource)) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                boolean isGold = gold.contains(JSON.readTree(line).path("id").asText());
                if (isGold || extra++ < others) {
                    kept.add(line);
                }
            }
        }
        Files.write(target, kept);
        return target;
    }
}

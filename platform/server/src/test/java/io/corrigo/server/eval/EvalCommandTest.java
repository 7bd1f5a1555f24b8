package io.corrigo.server.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.server.HostTestBase;
import io.corrigo.testsupport.Eventually;
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

    @Autowired
    EvalJobs jobs;

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
            assertThat(m.degraded()).as("runs degraded by a failing or refused plugin").isZero();
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
        EvalReport.Metrics naive = report.pipelines().get(1).overall();
        assertThat(naive.contextPrecision()).as("naive: the whole passages' sentences").isBetween(0.0, 1.0);
        assertThat(naive.contextRecall()).isBetween(0.0, 1.0);
        assertThat(report.differences()).containsKeys("routeAccuracy", "falseAbstention", "contextPrecision",
                "contextRecall", "latencyP50");
        assertThat(report.differences().get("contextPrecision"))
                .isEqualTo(corrective.contextPrecision() - naive.contextPrecision());

        JsonNode json = JSON.readTree(out.resolve("report.json").toFile());
        assertThat(json.get("pipelines")).hasSize(2);
        assertThat(Files.readAllLines(out.resolve("runs.jsonl"))).hasSize(40);
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("<svg", "route accuracy", "corrective v2", "naive", "confusion", "route:none",
                "slices (in brackets: minus naive)");
        assertThat(html).containsPattern("route:kb \\(\\d+\\)</td><td>[0-9.]+ <small>\\(<span class=\"[a-z]*\">[+-][0-9]");
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("100%", "Report:", "Saved the best thresholds")
                .containsPattern("corrective v\\d+ +tuning half \\(\\d+ questions\\): route ")
                .containsPattern("corrective v\\d+ +held-out half \\(\\d+ questions\\): route ");
        assertThat(Files.readAllLines(out.resolve("calibration-scores.jsonl"))).hasSize(20)
                .allSatisfy(line -> assertThat(JSON.readTree(line).get("kb").size()).isPositive());
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
    void should_calibrate_from_a_run_log_export_with_user_ratings() throws Exception {
        String tenant = "rated-" + java.util.UUID.randomUUID().toString().substring(0, 6);
        postJson("/api/v1/tenants", java.util.Map.of("id", tenant, "name", tenant));
        uploadAndWait("/api/v1/tenants/" + tenant + "/documents", "facts.md", ("Measles has an incubation period of "
                + "ten to twelve days. Measles spreads through coughing and sneezing.\n\nThe Eiffel Tower is 330 "
                + "metres tall. It was finished in 1889.").getBytes(StandardCharsets.UTF_8));
        String helpful = ask(tenant, "What is the incubation period of measles?").body().get("runId").asText();
        String unhelpful = ask(tenant, "How tall is the Eiffel Tower?").body().get("runId").asText();
        ask(tenant, "Who painted the Mona Lisa?"); // not rated: skipped
        postJson("/api/v1/tenants/" + tenant + "/runs/" + helpful + "/feedback", java.util.Map.of("rating", "helpful"));
        postJson("/api/v1/tenants/" + tenant + "/runs/" + unhelpful + "/feedback", java.util.Map.of("rating", "not_helpful"));
        EvalJobs.Job fromUi = jobs.submitFeedbackCalibration(tenant);
        Path export = dir.resolve("runs.jsonl");
        Files.writeString(export, exportOf(tenant));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        EvalReport report = command.run(EvalCommand.Options.parse(List.of("--runs", export.toString(), "--out",
                dir.resolve("cal").toString())), new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(report).isNull();
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("on 2 rated runs (1 runs without a rating skipped)");
        JsonNode points = JSON.readTree(dir.resolve("cal/calibration.json").toFile());
        assertThat(points.size()).isGreaterThan(100);
        assertThat(points.get(0).get("routeAccuracy").asDouble()).isBetween(0.0, 1.0);
        assertThat(points.get(0).get("contextPrecision").isNumber()).isFalse(); // ratings name no sentences: NaN
        assertThat(Files.readAllLines(dir.resolve("cal/calibration-scores.jsonl"))).hasSize(2);
        // the admin UI's job, straight from the run log, refuses to propose thresholds from two ratings (the host's
        // minimum is 30 labelled runs): the command above is the tool for looking at so few
        EvalJobs.Job job = awaitJob(tenant, fromUi.id());
        assertThat(job.state()).isEqualTo("FAILED");
        assertThat(job.error()).contains("Calibration needs at least 30 rated runs", "2 are too few");
        assertThat(job.calibration()).isNull();
    }

    @Test
    void should_fail_a_calibration_on_rated_runs_when_no_run_is_rated() throws Exception {
        String tenant = "unrated-" + java.util.UUID.randomUUID().toString().substring(0, 6);
        postJson("/api/v1/tenants", java.util.Map.of("id", tenant, "name", tenant));

        EvalJobs.Job job = awaitJob(tenant, jobs.submitFeedbackCalibration(tenant).id());

        assertThat(job.state()).isEqualTo("FAILED");
        assertThat(job.error()).contains("holds no corrective run rated helpful or not_helpful");
        assertThatThrownBy(() -> FeedbackRuns.parse("x.jsonl", List.of("{\"feedback\":\"helpful\"}", "not json")))
                .hasMessageContaining("x.jsonl line 2: not a run of the run-log export");
    }

    private String exportOf(String tenant) throws Exception {
        java.net.http.HttpResponse<String> response = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/api/v1/tenants/"
                        + tenant + "/runs/export")).header("Authorization", adminAuthorization()).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    private EvalJobs.Job awaitJob(String tenant, String id) {
        return Eventually.until(() -> jobs.list(tenant).stream().filter(j -> j.id().equals(id)).findFirst().orElseThrow(),
                job -> !job.state().equals("RUNNING"), java.time.Duration.ofSeconds(10));
    }

    @Test
    void should_refuse_bad_arguments_with_a_clear_message() {
        assertThatThrownBy(() -> EvalCommand.Options.parse(List.of("--questions", "q.jsonl")))
                .hasMessageContaining("--questions and --out are required");
        assertThatThrownBy(() -> EvalCommand.Options.parse(List.of("--questions", "/nope.jsonl", "--out", "r",
                "--tenant", "t"))).hasMessageContaining("no such file: /nope.jsonl");
        assertThatThrownBy(() -> EvalCommand.Options.parse(List.of("--questions", "q", "--out", "r", "--colour", "x")))
                .hasMessageContaining("unknown option(s): --colour");
        assertThatThrownBy(() -> EvalCommand.Options.parse(List.of("--runs", "r.jsonl", "--questions", "q", "--out", "r")))
                .hasMessageContaining("--runs calibrates from rated runs: give it without --questions");
        assertThatThrownBy(() -> EvalCommand.Options.parse(List.of("--runs", "r.jsonl", "--out", "r", "--calibrate",
                "--apply"))).hasMessageContaining("--apply needs --tenant");
        assertThatThrownBy(() -> EvalCommand.Options.parse(List.of("--questions", "q", "--out", "r", "--set", "threshold")))
                .hasMessageContaining("--set takes stage.property=value, was 'threshold'");
    }

    @Test
    void should_read_stage_properties_to_set_on_the_throw_away_tenant() throws IOException {
        Path questions = Files.writeString(Files.createTempFile("q", ".jsonl"), "");
        Path kb = Files.writeString(Files.createTempFile("kb", ".jsonl"), "");
        EvalCommand.Options options = EvalCommand.Options.parse(List.of("--questions", questions.toString(), "--out", "r",
                "--kb", kb.toString(), "--set", "evaluator.checkThreshold=0.6", "--set", "evaluator.answerReader=false",
                "--set", "critic.checkThreshold=0.55"));
        assertThat(options.overrides()).isEqualTo(java.util.Map.of(
                "evaluator", java.util.Map.of("checkThreshold", "0.6", "answerReader", "false"),
                "critic", java.util.Map.of("checkThreshold", "0.55")));
        assertThatThrownBy(() -> EvalCommand.Options.parse(List.of("--questions", questions.toString(), "--out", "r",
                "--tenant", "t", "--set", "evaluator.checkThreshold=0.6")))
                .hasMessageContaining("--set changes a throw-away tenant's pipeline: give it with --kb");
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

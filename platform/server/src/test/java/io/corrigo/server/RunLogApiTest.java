package io.corrigo.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.server.run.QueryService;
import io.corrigo.server.run.RunLog;
import io.corrigo.server.run.RunView;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/** The run log over HTTP: feedback, filters and paging, JSONL export, retention. */
class RunLogApiTest extends HostTestBase {

    private static final String TENANT = "runlog";
    private static final String DOC = "The Quillon bridge opened in 1931. It spans the Vesna river. The Quillon bridge is 412 metres long.";

    @Autowired
    RunLog runLog;
    @Autowired
    QueryService queries;
    @Autowired
    JdbcTemplate jdbc;

    private final List<String> runIds = new ArrayList<>();

    @BeforeEach
    void tenantWithRuns() {
        if (postJson("/api/v1/tenants", Map.of("id", TENANT, "name", "Run log")).status() == 201) {
            uploadAndWait("/api/v1/tenants/" + TENANT + "/documents", "quillon.txt", DOC.getBytes(StandardCharsets.UTF_8));
        }
        runIds.clear();
        runIds.add(ask(TENANT, "When did the Quillon bridge open?").body().get("runId").asText());
        runIds.add(ask(TENANT, "Who painted the Mona Lisa?").body().get("runId").asText());
    }

    @Test
    void should_read_back_the_trace_records_the_run_was_answered_with() {
        // given: a run as the playground receives it, straight from the pipeline
        RunView asked = queries.askWithTrace(TENANT, "How long is the Quillon bridge?");

        // when
        RunView read = runLog.run(TENANT, asked.id());

        // then: the same records, not a lossy copy (settings, grades, strips, timings, instants all round-trip)
        assertThat(asked.trace().retrieved()).isNotEmpty();
        assertThat(read.trace()).isEqualTo(asked.trace());
        assertThat(read.citations()).isEqualTo(asked.citations()).isNotEmpty();
        assertThat(read.answer()).isEqualTo(asked.answer()).contains("412");
    }

    @Test
    void should_show_a_run_whose_stored_trace_this_version_cannot_read__without_its_trace() {
        // given: a run whose stored trace is of another shape (a field renamed in a later version, say)
        String runId = runIds.get(0);
        jdbc.update("update run set trace = ? where id = ?", "{\"answer\":{\"citations\":7},\"trace\":[]}", runId);

        // when
        Reply run = get("/api/v1/tenants/" + TENANT + "/runs/" + runId);

        // then: the run is still there, with its columns, and says it has no trace rather than failing
        assertThat(run.status()).isEqualTo(200);
        assertThat(run.body().get("answer").asText()).contains("1931");
        assertThat(run.body().has("trace")).isFalse();
    }

    @Test
    void should_store_feedback_and_filter_the_log_by_it() {
        // when
        Reply rated = postJson("/api/v1/tenants/" + TENANT + "/runs/" + runIds.get(0) + "/feedback",
                Map.of("rating", "not_helpful", "comment", "too vague"));
        Reply bad = postJson("/api/v1/tenants/" + TENANT + "/runs/" + runIds.get(0) + "/feedback", Map.of("rating", "meh"));
        Reply foreign = postJson("/api/v1/tenants/demo/runs/" + runIds.get(0) + "/feedback", Map.of("rating", "helpful"));

        // then
        assertThat(rated.status()).isEqualTo(200);
        assertThat(rated.body().get("feedback").get("rating").asText()).isEqualTo("not_helpful");
        assertThat(rated.body().get("feedback").get("comment").asText()).isEqualTo("too vague");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(foreign.status()).as("another tenant's run").isEqualTo(404);
        JsonNode notHelpful = get("/api/v1/tenants/" + TENANT + "/runs?feedback=not_helpful").body();
        assertThat(ids(notHelpful)).contains(runIds.get(0)).doesNotContain(runIds.get(1));
        assertThat(ids(get("/api/v1/tenants/" + TENANT + "/runs?feedback=none").body())).contains(runIds.get(1));
    }

    @Test
    void should_filter_by_action_degradation_and_date__and_page_newest_first() {
        // when
        JsonNode correct = get("/api/v1/tenants/" + TENANT + "/runs?action=CORRECT&degraded=false").body();
        JsonNode incorrect = get("/api/v1/tenants/" + TENANT + "/runs?action=INCORRECT").body();
        String future = Instant.now().plus(1, ChronoUnit.DAYS).toString();
        JsonNode none = get("/api/v1/tenants/" + TENANT + "/runs?from=" + future).body();
        JsonNode firstPage = get("/api/v1/tenants/" + TENANT + "/runs?size=1&page=0").body();
        Reply badAction = get("/api/v1/tenants/" + TENANT + "/runs?action=MAYBE");
        Reply badSize = get("/api/v1/tenants/" + TENANT + "/runs?size=5000");

        // then
        assertThat(ids(correct)).contains(runIds.get(0)).doesNotContain(runIds.get(1));
        assertThat(ids(incorrect)).contains(runIds.get(1)).doesNotContain(runIds.get(0));
        assertThat(none.get("total").asLong()).isZero();
        assertThat(firstPage.get("items")).hasSize(1);
        assertThat(firstPage.get("items").get(0).get("id").asText()).as("newest first").isEqualTo(runIds.get(1));
        assertThat(firstPage.get("total").asLong()).isGreaterThanOrEqualTo(2);
        assertThat(badAction.status()).isEqualTo(400);
        assertThat(badSize.status()).isEqualTo(400);
    }

    @Test
    void should_find_runs_by_words_of_their_question_or_answer() {
        // the question says "open", the answer "1931": either finds the run, in any case; every word must match
        assertThat(ids(get("/api/v1/tenants/" + TENANT + "/runs?q=QUILLON%20open").body())).contains(runIds.get(0))
                .doesNotContain(runIds.get(1));
        assertThat(ids(get("/api/v1/tenants/" + TENANT + "/runs?q=1931").body())).contains(runIds.get(0))
                .doesNotContain(runIds.get(1));
        assertThat(ids(get("/api/v1/tenants/" + TENANT + "/runs?q=mona%20lisa").body())).contains(runIds.get(1))
                .doesNotContain(runIds.get(0));
        assertThat(get("/api/v1/tenants/" + TENANT + "/runs?q=quillon%20lisa").body().get("total").asLong()).isZero();
        // LIKE's wildcards are searched for as text
        assertThat(get("/api/v1/tenants/" + TENANT + "/runs?q=%25").body().get("total").asLong()).isZero();
        assertThat(get("/api/v1/tenants/" + TENANT + "/runs?q=" + "x".repeat(201)).status()).isEqualTo(400);
    }

    @Test
    void should_export_runs_with_traces_as_json_lines() throws Exception {
        // when
        HttpResponse<String> export = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/api/v1/tenants/" + TENANT + "/runs/export")).header("Authorization", adminAuthorization()).build(),
                HttpResponse.BodyHandlers.ofString());

        // then
        assertThat(export.statusCode()).isEqualTo(200);
        assertThat(export.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("application/x-ndjson"));
        List<JsonNode> lines = new ArrayList<>();
        for (String line : export.body().split("\n")) {
            lines.add(JSON.readTree(line));
        }
        assertThat(lines).extracting(l -> l.get("id").asText()).contains(runIds.get(0), runIds.get(1));
        assertThat(lines).allSatisfy(l -> {
            assertThat(l.get("tenant").asText()).isEqualTo(TENANT);
            assertThat(l.get("trace").get("retrieved")).isNotNull();
            assertThat(l.has("feedback")).isTrue();
        });
        assertThat(get("/api/v1/tenants/nobody/runs/export").status()).isEqualTo(404);
    }

    @Test
    void should_prune_runs_older_than_the_retention_period() throws IOException {
        // given: one run back-dated beyond the 90-day retention
        jdbc.update("update run set created_at = ? where id = ?",
                java.sql.Timestamp.from(Instant.now().minus(91, ChronoUnit.DAYS)), runIds.get(0));

        // when
        int pruned = runLog.prune();

        // then
        assertThat(pruned).isEqualTo(1);
        assertThat(get("/api/v1/tenants/" + TENANT + "/runs/" + runIds.get(0)).status()).isEqualTo(404);
        assertThat(get("/api/v1/tenants/" + TENANT + "/runs/" + runIds.get(1)).status()).isEqualTo(200);
    }

    private static List<String> ids(JsonNode page) {
        List<String> ids = new ArrayList<>();
        page.get("items").forEach(i -> ids.add(i.get("id").asText()));
        return ids;
    }
}

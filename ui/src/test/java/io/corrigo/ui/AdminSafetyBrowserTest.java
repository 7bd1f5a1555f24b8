package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.plugins.llm.testing.FakeModelServer;
import io.corrigo.server.knowledge.ChunkView;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.knowledge.JobView;
import io.corrigo.server.pipeline.PipelineService;
import io.corrigo.server.run.QueryService;
import io.corrigo.server.tenant.TenantService;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The changes an admin must be able to trust, in a real headless Chromium: a draft tried beside the active version
 * in the playground, published and rolled back; a confirmation stating the blast radius; the unsaved-changes guard;
 * "Test connection" against a model server on 127.0.0.1 (success and failure); the chunk inspector and the
 * retrieval test on an uploaded document; a tenant deleted with a typed confirmation, leaving no row, file or index.
 * Each test has a tenant of its own with the document indexed.
 */
class AdminSafetyBrowserTest extends UiTestBase {

    private static final java.util.concurrent.atomic.AtomicInteger TENANTS = new java.util.concurrent.atomic.AtomicInteger();
    private static final String DOC = """
            # The Zorblax lighthouse

            The Zorblax lighthouse was built in 1887 on the northern cape. Its lamp burns whale oil and can be seen \
            from twenty kilometres away.

            ## Keepers

            The last keeper, Ada Quint, left the lighthouse in 1969. The keepers' garden grows thyme and sage.
            """;
    private static final String QUESTION = "Who was the last keeper of the Zorblax lighthouse?";

    private Browser browser;
    /** This test's tenant. */
    private String tenant;

    @Autowired
    TenantService tenants;
    @Autowired
    IngestionService ingestion;
    @Autowired
    PipelineService pipelines;
    @Autowired
    QueryService queries;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    io.corrigo.server.eval.EvalCases cases;
    @Autowired
    io.corrigo.server.eval.GoldenSets golden;
    @Autowired
    io.corrigo.server.eval.EvalJobs evaluations;
    @Autowired
    io.corrigo.server.run.RunLog runLog;
    @Value("${corrigo.data-dir}")
    Path dataDir;

    @BeforeEach
    void tenantWithADocument() {
        tenant = "ui-safety-" + TENANTS.incrementAndGet();
        tenants.create(tenant, "Safety Lighthouse " + TENANTS.get());
        JobView job = ingestion.submit(tenant, List.of(new IngestionService.Upload("lighthouse.md", "text/markdown",
                DOC.getBytes(StandardCharsets.UTF_8))));
        assertThat(ingestion.await(tenant, job.id(), Duration.ofSeconds(60)).state()).isEqualTo("DONE");
        browser = adminBrowser();
    }

    @Test
    void should_save_a_draft_compare_it_beside_the_active_version_publish_it_and_roll_back() {
        Browser b = browser;
        b.open("/pipeline?tenant=" + tenant);
        int active = pipelines.activeVersion(tenant);
        b.choose("setting-mode", "Naive");
        assertThat(b.text("save-state")).isEqualTo("Unsaved changes");
        b.type("version-note", "naive baseline for the comparison");
        b.click("save-pipeline");
        b.waitUntil(d -> pipelines.versions(tenant).size() == 2, Duration.ofSeconds(10));
        int draft = pipelines.versions(tenant).get(0).version();
        assertThat(pipelines.activeVersion(tenant)).as("the draft is not live").isEqualTo(active);
        assertThat(pipelines.versions(tenant).get(0).note()).isEqualTo("naive baseline for the comparison");
        assertThat(b.text("versions-grid")).contains("v" + draft, "draft", "v" + active, "active",
                "naive baseline for the comparison");

        // the changes against the active version, as people read them
        b.click("diff-v" + draft);
        assertThat(b.text("diff-grid")).contains("Mode", "CORRECTIVE", "NAIVE")
                .as("the form writes every setting out; only what the admin changed differs in effect")
                .doesNotContain("(not set)");
        b.screenshot("30-pipeline-draft-diff");
        b.driver.findElements(By.cssSelector("vaadin-dialog-overlay vaadin-button")).stream()
                .filter(e -> e.getText().equals("Close")).findFirst().orElseThrow().click();
        b.waitForVaadin();

        // one question, both versions, side by side
        b.click("try-v" + draft);
        b.waitUntil(d -> d.getCurrentUrl().contains("/playground") && d.getCurrentUrl().contains("compare=" + draft),
                Duration.ofSeconds(10));
        b.type("question", QUESTION);
        b.click("ask");
        b.waitUntil(d -> !d.findElements(By.id("playground-comparison")).isEmpty(), Duration.ofSeconds(30));
        assertThat(b.text("compare-active")).contains("Version " + active + " · active");
        assertThat(b.text("compare-other")).contains("Version " + draft + " · compared", "naive");
        assertThat(b.text("compare-active")).contains("Ada Quint");
        b.screenshot("31-playground-comparison");

        // publish, with the changes listed first
        b.open("/pipeline?tenant=" + tenant);
        b.click("publish-v" + draft);
        assertThat(b.text("confirm-impact")).contains("Mode: CORRECTIVE → NAIVE");
        b.screenshot("32-pipeline-publish-confirm");
        b.click("confirm-button");
        b.waitUntil(d -> pipelines.activeVersion(tenant) == draft, Duration.ofSeconds(10));
        assertThat(queries.ask(tenant, QUESTION).pipelineVersion()).isEqualTo(draft);

        // roll back: the earlier release goes live again
        b.waitUntil(d -> !d.findElements(By.id("publish-v" + active)).isEmpty(), Duration.ofSeconds(10));
        assertThat(b.text("publish-v" + active)).isEqualTo("Roll back to this…");
        b.click("publish-v" + active);
        assertThat(b.text("confirm-impact")).contains("Mode: NAIVE → CORRECTIVE");
        b.click("confirm-button");
        b.waitUntil(d -> pipelines.activeVersion(tenant) == active, Duration.ofSeconds(10));
        // the newer release is not a rollback: it is published again
        b.waitUntil(d -> !d.findElements(By.id("publish-v" + draft)).isEmpty(), Duration.ofSeconds(10));
        assertThat(b.text("publish-v" + draft)).isEqualTo("Publish again…");
        assertThat(queries.ask(tenant, QUESTION).pipelineVersion()).isEqualTo(active);
        b.waitUntil(d -> b.text("versions-grid").contains("released"), Duration.ofSeconds(10));
    }

    @Test
    void should_check_a_draft_against_the_golden_set_with_progress__hold_it__and_publish_it_with_a_reason() {
        // given: a golden question the active version answers, and a draft that withholds every answer
        Browser b = browser;
        var run = queries.ask(tenant, QUESTION);
        cases.add(tenant, run.runId(), "golden", "kb", "Ada Quint");
        golden.mark(tenant, "golden", 0.0);
        var active = pipelines.active(tenant);
        var definition = active.definition();
        int draft = pipelines.saveDraft(tenant, new io.corrigo.server.pipeline.PipelineDefinition(definition.settings()
                .withConfidence(1.0, io.corrigo.engine.settings.MediumConfidence.WITHHOLD), definition.stages(),
                definition.resilience(), definition.models()), "withholds everything").version();

        // when: published from the page
        b.open("/pipeline?tenant=" + tenant);
        b.click("publish-v" + draft);
        b.click("confirm-button");

        // then: checked (a progress dialog), then held with the question named, the active version unchanged
        b.waitUntil(d -> !d.findElements(By.id("publish-held")).isEmpty(), Duration.ofSeconds(60));
        assertThat(b.text("publish-held-why")).contains("is held").contains("answers 0 right");
        assertThat(b.text("publish-held-worse")).contains(QUESTION);
        assertThat(pipelines.activeVersion(tenant)).isEqualTo(active.version());
        b.screenshot("33-pipeline-publish-held");
        // a reason is asked for, and with it the draft goes live
        b.click("publish-override");
        assertThat(b.element("publish-override-reason").getAttribute("invalid")).isNotNull();
        b.type("publish-override-reason", "Withholding is wanted while the audit runs");
        b.click("publish-override");
        b.waitUntil(d -> pipelines.activeVersion(tenant) == draft, Duration.ofSeconds(30));
    }

    @Test
    void should_show_in_health_how_often_answers_were_served_wrong__by_the_latest_evaluation_and_by_ratings() {
        // given: an answer a user rated not helpful, and an evaluation with reference answers — one of them wrong on
        // purpose, so that the answer served to it counts as served wrong
        var run = queries.ask(tenant, QUESTION);
        assertThat(run.abstained()).as(run.answer()).isFalse();
        runLog.feedback(tenant, run.runId(), "not_helpful", null, null);
        String set = String.join("\n",
                "{\"id\":\"keeper\",\"question\":\"" + QUESTION + "\",\"answers\":[\"Ada Quint\"],\"gold_route\":\"kb\"}",
                "{\"id\":\"built\",\"question\":\"When was the Zorblax lighthouse built?\",\"answers\":[\"1910\"],\"gold_route\":\"kb\"}",
                "{\"id\":\"moon\",\"question\":\"How far away is the moon?\",\"answers\":[],\"gold_route\":\"none\"}");
        var job = evaluations.submit(tenant, "lighthouse.jsonl", set, false);
        browser.waitUntil(d -> "DONE".equals(evaluations.get(tenant, job.id()).state()), Duration.ofSeconds(90));
        var risk = evaluations.get(tenant, job.id()).report().pipelines().get(0).overall().risk();

        // when
        browser.open("/health?tenant=" + tenant);

        // then: the evaluation's four outcomes, as its report has them, and the rated served answer
        String shown = browser.text("health-served-wrong");
        assertThat(shown).contains("Latest evaluation with reference answers: lighthouse.jsonl")
                .contains("served wrong " + Math.round(100 * risk.servedWrong()) + " % of 3 questions");
        assertThat(risk.servedWrong()).as("the answer to the question with a wrong reference").isPositive();
        assertThat(browser.driver.findElements(By.cssSelector("#health-served-wrong .served-wrong-pipeline")).get(0)
                .getAttribute("data-served-wrong")).isEqualTo(String.format(java.util.Locale.ROOT, "%.3f", risk.servedWrong()));
        assertThat(browser.text("health-served-rated")).contains("rated 1 served answer(s) not helpful of 1 rated (100 %)");
        browser.screenshot("43-health-served-wrong");
    }

    @Test
    void should_ask_before_leaving_the_pipeline_with_unsaved_changes() {
        Browser b = browser;
        b.open("/pipeline?tenant=" + tenant);
        int versions = pipelines.versions(tenant).size();
        b.type("setting-topK", "7");
        assertThat(b.text("save-state")).isEqualTo("Unsaved changes");

        b.navigate("Runs");
        assertThat(b.text("confirm-impact")).contains("not saved");
        b.screenshot("33-unsaved-changes-guard");
        b.click("confirm-cancel");
        assertThat(b.driver.getCurrentUrl()).contains("/pipeline");
        assertThat(b.element("setting-topK").findElement(By.cssSelector("input")).getDomProperty("value"))
                .as("the edit is still there").isEqualTo("7");

        b.navigate("Runs");
        b.click("confirm-button");
        b.waitUntil(d -> d.getCurrentUrl().contains("/runs"), Duration.ofSeconds(10));
        assertThat(pipelines.versions(tenant)).as("nothing was saved").hasSize(versions);

        // and a saved form leaves without asking
        b.open("/pipeline?tenant=" + tenant);
        b.navigate("Runs");
        b.waitUntil(d -> d.getCurrentUrl().contains("/runs"), Duration.ofSeconds(10));
        assertThat(b.driver.findElements(By.id("confirm-dialog"))).isEmpty();
    }

    @Test
    void should_test_a_generator_s_connection_against_a_model_server_and_show_success_then_the_failure() throws Exception {
        Browser b = browser;
        try (FakeModelServer model = new FakeModelServer()) {
            model.script(r -> "Hello from the stand-in.");
            b.open("/pipeline?tenant=" + tenant);
            int versions = pipelines.versions(tenant).size();
            b.choose("stage-generator", "openai-generator");
            b.type("cfg-generator-baseUrl", model.openAiUrl());
            b.type("cfg-generator-model", "stand-in");
            b.type("cfg-generator-apiKey", "sk-test");

            b.click("test-generator");
            b.waitUntil(d -> !b.text("test-result-generator").isEmpty(), Duration.ofSeconds(30));
            assertThat(b.element("test-result-generator").getAttribute("data-ok")).isEqualTo("true");
            assertThat(b.text("test-result-generator")).startsWith("Connected in").contains("Hello from the stand-in.");
            assertThat(model.requests).hasSize(1);
            assertThat(model.requests.get(0).body().toString()).contains("stand-in");
            b.screenshot("34-test-connection-ok");

            b.type("cfg-generator-baseUrl", "http://127.0.0.1:9/v1");
            b.click("test-generator");
            b.waitUntil(d -> "false".equals(b.element("test-result-generator").getAttribute("data-ok")), Duration.ofSeconds(30));
            assertThat(b.text("test-result-generator")).startsWith("Failed:");
            b.screenshot("35-test-connection-failed");

            assertThat(pipelines.versions(tenant)).as("a test saves nothing").hasSize(versions);

            // publishing a stage that calls out asks first when no connection test passed for its settings...
            b.click("save-pipeline");
            b.waitUntil(d -> pipelines.versions(tenant).size() == versions + 1, Duration.ofSeconds(10));
            b.click("publish-editing");
            assertThat(b.text("publish-untested")).contains("generator (openai-generator)").contains("Test connection");
            b.click("confirm-cancel");
            // ...and not once one has
            b.type("cfg-generator-baseUrl", model.openAiUrl());
            b.click("test-generator");
            b.waitUntil(d -> "true".equals(b.element("test-result-generator").getAttribute("data-ok")), Duration.ofSeconds(30));
            b.click("save-pipeline");
            b.waitUntil(d -> pipelines.versions(tenant).size() == versions + 2, Duration.ofSeconds(10));
            b.click("publish-editing");
            assertThat(b.text("confirm-impact")).contains("change(s) against version");
            assertThat(b.driver.findElements(By.id("publish-untested"))).isEmpty();
            b.screenshot("35b-publish-tested");
            b.click("confirm-cancel");
        }
    }

    @Test
    void should_search_the_knowledge_with_scores_and_inspect_edit_and_disable_a_document_s_chunks() {
        Browser b = browser;
        b.open("/knowledge?tenant=" + tenant);
        b.type("retrieval-question", QUESTION);
        b.click("retrieval-search");
        b.waitUntil(d -> !d.findElements(By.id("retrieval-grid")).isEmpty(), Duration.ofSeconds(30));
        String results = b.text("retrieval-grid");
        assertThat(results).contains("Rank score", "Answers it (grader)", "1.00", "The Zorblax lighthouse");
        // each reason whole: no parenthesis left open by a cut, no list of raw feature values
        assertThat(results.chars().filter(c -> c == '(').count()).as(results)
                .isEqualTo(results.chars().filter(c -> c == ')').count());
        assertThat(results).doesNotContain(", overlap ").doesNotContain("(asked\n");
        // a click opens the passage with its sentences
        b.element("retrieval-grid").findElements(By.cssSelector("vaadin-grid-cell-content")).stream()
                .filter(c -> c.getText().contains("The Zorblax lighthouse")).findFirst().orElseThrow().click();
        b.waitUntil(d -> !d.findElements(By.cssSelector(".passage-text")).isEmpty(), Duration.ofSeconds(10));
        assertThat(b.driver.findElements(By.cssSelector(".passage-text")).stream().map(WebElement::getText).toList())
                .anySatisfy(t -> assertThat(t).contains("Ada Quint"));
        b.screenshot("36-retrieval-test");

        b.click("inspect-lighthouse.md");
        b.waitUntil(d -> d.getCurrentUrl().contains("/document"), Duration.ofSeconds(10));
        assertThat(b.text("chunks-grid")).contains("Keepers", "Ada Quint", "The Zorblax lighthouse was built in 1887");
        String documentId = ingestion.list(tenant).get(0).id();
        ChunkView keepers = ingestion.chunks(tenant, documentId).stream()
                .filter(c -> c.text().contains("Ada Quint")).findFirst().orElseThrow();
        b.screenshot("37-document-chunks");

        b.click("toggle-chunk-" + keepers.number());
        b.waitUntil(d -> b.text("chunks-grid").contains("disabled"), Duration.ofSeconds(20));
        assertThat(retrieved(QUESTION)).doesNotContain("Ada Quint");

        b.click("toggle-chunk-" + keepers.number());
        b.waitUntil(d -> !b.text("chunks-grid").contains("disabled"), Duration.ofSeconds(20));
        b.click("edit-chunk-" + keepers.number());
        b.typeArea("chunk-text", "The last keeper, Bo Lindqvist, left the lighthouse in 1971.");
        b.click("save-chunk");
        b.waitUntil(d -> b.text("chunks-grid").contains("Bo Lindqvist"), Duration.ofSeconds(20));
        assertThat(b.text("chunks-grid")).contains("edited");
        assertThat(retrieved(QUESTION)).contains("Bo Lindqvist").doesNotContain("Ada Quint");
    }

    private String retrieved(String question) {
        return String.join(" | ", queries.evidence(tenant, question).trace().retrieved().stream()
                .map(p -> String.valueOf(p.text())).toList());
    }

    @Test
    void should_state_a_tenant_s_blast_radius_before_disabling_it() {
        Browser b = browser;
        queries.ask(tenant, QUESTION);
        b.open("/tenants");
        b.click("tenant-toggle-" + tenant);
        assertThat(b.text("confirm-impact")).contains("1 document(s)").contains("run(s) kept")
                .contains("runs/min in the last hour");
        b.screenshot("38-tenant-disable-confirm");
        b.click("confirm-cancel");
        assertThat(tenants.find(tenant).enabled()).as("cancelled: nothing changed").isTrue();
    }

    @Test
    void should_delete_a_tenant_after_its_id_is_typed_leaving_no_row_file_or_index() {
        Browser b = browser;
        Path directory = dataDir.resolve("tenants").resolve(tenant);
        assertThat(directory.resolve("uploads")).isDirectory();
        assertThat(Files.exists(directory.resolve("plugins"))).as("the index").isTrue();
        b.open("/tenants");
        b.click("tenant-delete-" + tenant);
        assertThat(b.text("confirm-impact")).contains("cannot be undone").contains("1 document(s)");
        assertThat(b.element("typed-confirm-button").getAttribute("disabled")).as("not before the id is typed").isNotNull();
        b.type("typed-confirm-input", "ui-safet");
        assertThat(b.element("typed-confirm-button").getAttribute("disabled")).isNotNull();
        b.screenshot("39-tenant-delete-confirm");
        b.type("typed-confirm-input", tenant);
        assertThat(b.element("typed-confirm-button").getAttribute("disabled")).isNull();
        b.click("typed-confirm-button");

        b.waitUntil(d -> !tenants.exists(tenant), Duration.ofSeconds(30));
        b.waitUntil(d -> !b.text("tenants-grid").contains(tenant), Duration.ofSeconds(10));
        for (String table : List.of("pipeline", "document", "run", "ingestion_job", "knowledge_base", "api_key",
                "admin_user_tenant", "conversation")) {
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM " + table + " WHERE tenant_id = ?", Long.class, tenant))
                    .as(table).isZero();
        }
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM tenant WHERE id = ?", Long.class, tenant)).isZero();
        assertThat(Files.exists(directory)).as("uploads and index removed").isFalse();
        assertThat(Files.exists(Paths.get(dataDir.toString(), "tenants", tenant, "plugins"))).isFalse();
    }
}

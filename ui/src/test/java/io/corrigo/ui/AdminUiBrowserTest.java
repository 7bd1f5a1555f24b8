package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.pipeline.PipelineService;
import io.corrigo.server.run.QueryService;
import io.corrigo.server.run.RunFilter;
import io.corrigo.server.run.RunLog;
import io.corrigo.server.security.AdminUsers;
import io.corrigo.server.security.Role;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.testsupport.Eventually;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The admin's day in a real headless Chromium against a real host: sign in, create a tenant, configure its
 * pipeline (an invalid value is refused in the form), upload a document and watch it finish, ask in the
 * playground and read the trace, look at runs, resilience and plugins; a tenant admin sees only their tenant.
 * Each test stands alone: what it needs (a tenant with its document, a run) is made through the services first, in a
 * tenant of its own where it counts what a tenant holds. Screenshots of each view land in {@code ui/target/screenshots}.
 */
class AdminUiBrowserTest extends UiTestBase {
    private static final String TENANT = "ui-acme";
    private static final String DOC = """
            # Zorblax widgets

            The Zorblax widget is assembled in Tallinn by the Acme Corporation. Each Zorblax widget weighs exactly \
            412 grams and ships in a blue box. Zorblax widgets were first sold in 2019.

            # Returns

            A Zorblax widget can be returned within 30 days of delivery for a full refund.
            """;

    @Autowired
    PipelineService pipelines;
    @Autowired
    RunLog runs;
    @Autowired
    QueryService queries;
    @Autowired
    TenantService tenants;
    @Autowired
    AdminUsers users;
    @Autowired
    IngestionService ingestion;
    @Autowired
    io.corrigo.server.access.ApiKeys keys;
    @Autowired
    io.corrigo.server.eval.EvalCases cases;
    @Autowired
    io.corrigo.server.curated.CuratedAnswers curated;
    @Autowired
    io.corrigo.server.eval.EvalJobs evaluations;

    private Browser browser() {
        return adminBrowser();
    }

    /** The tenant {@code id}, made when there is none yet. */
    private void tenant(String id, String name) {
        if (tenants.list().stream().noneMatch(t -> t.id().equals(id))) {
            tenants.create(id, name);
        }
    }

    /** The tenant {@code id} with the Zorblax document indexed, made when it has none yet. */
    private void tenantWithTheDocument(String id, String name) {
        tenant(id, name);
        if (ingestion.list(id).isEmpty()) {
            ingestion.await(id, ingestion.submit(id, List.of(new IngestionService.Upload("zorblax.md", "text/markdown",
                    DOC.getBytes(StandardCharsets.UTF_8)))).id(), Duration.ofSeconds(60));
        }
    }

    @Test
    void should_refuse_a_wrong_password_and_sign_in_with_the_right_one() {
        try (Browser b = new Browser(port)) {
            b.signIn("admin", "not-the-password");
            assertThat(b.driver.getCurrentUrl()).contains("/login");
            assertThat(b.driver.getCurrentUrl()).contains("error");
            assertThat(b.element("vaadinLoginFormWrapper").getAttribute("error")).isNotNull();
            // the name typed is still there; only the password is asked again
            b.waitUntil(d -> "admin".equals(d.findElement(By.cssSelector("vaadin-login-form input[name='username']"))
                    .getAttribute("value")), java.time.Duration.ofSeconds(5));
            // and the tab shows the product's icon
            Object icon = b.script("const l = document.querySelector(\"link[rel~='icon']\"); if (!l) return null;"
                    + " const x = new XMLHttpRequest(); x.open('GET', l.href, false); x.send();"
                    + " return x.status + ' ' + x.getResponseHeader('Content-Type');");
            assertThat(String.valueOf(icon)).startsWith("200 image/svg+xml");
            b.screenshot("00-sign-in-refused");

            b.signIn("admin", ADMIN_PASSWORD);
            assertThat(b.driver.getCurrentUrl()).doesNotContain("/login");
            b.element("tenants-grid");
            assertThat(b.page()).contains("Tenants");
            b.screenshot("01-tenants");
        }
    }

    @Test
    void should_create_a_tenant() {
        Browser b = browser();
        b.open("/tenants");
        b.type("new-tenant-id", "ui-created");
        b.type("new-tenant-name", "Created Widgets");
        b.click("create-tenant");

        b.waitUntil(d -> b.text("tenants-grid").contains("Created Widgets"), Duration.ofSeconds(10));
        assertThat(tenants.find("ui-created").name()).isEqualTo("Created Widgets");
        b.screenshot("02-tenants");
    }

    @Test
    void should_refuse_an_invalid_setting_with_a_labelled_summary_and_save_a_valid_one_as_a_draft_then_publish_it() {
        tenant("ui-pipeline", "Pipeline Widgets");
        String tenant = "ui-pipeline";
        Browser b = browser();
        int before = pipelines.activeVersion(tenant);
        int versions = pipelines.versions(tenant).size();
        b.open("/pipeline?tenant=" + tenant);
        b.element("stage-critic");
        b.screenshot("03a-pipeline-before");

        b.type("cfg-critic-fullSupport", "1.7");
        b.type("setting-topK", "5");
        b.click("save-pipeline");

        b.waitUntil(d -> !b.fieldError("cfg-critic-fullSupport").isEmpty(), Duration.ofSeconds(10));
        assertThat(b.fieldError("cfg-critic-fullSupport")).contains("at most 1");
        assertThat(b.text("pipeline-errors")).as("the summary names the field as the form labels it")
                .contains("1 setting needs attention").contains("Critic · ").doesNotContain("stages.critic");
        assertThat(pipelines.activeVersion(tenant)).isEqualTo(before);
        b.screenshot("03-pipeline-invalid");

        b.type("cfg-critic-fullSupport", "0.7");
        b.click("save-pipeline");
        b.waitUntil(d -> pipelines.versions(tenant).size() == versions + 1, Duration.ofSeconds(10));
        assertThat(pipelines.activeVersion(tenant)).as("a saved draft is not live").isEqualTo(before);
        var saved = pipelines.version(tenant, before + 1).definition();
        assertThat(saved.settings().topK()).isEqualTo(5);
        assertThat(saved.stages().get("critic").properties()).containsEntry("fullSupport", "0.7");
        b.waitUntil(d -> b.text("pipeline-version").contains("You are editing version " + (before + 1)), Duration.ofSeconds(10));

        b.click("publish-editing");
        assertThat(b.text("confirm-impact")).contains("Critic · Full support", "0.7");
        b.click("confirm-button");
        b.waitUntil(d -> pipelines.activeVersion(tenant) == before + 1, Duration.ofSeconds(10));
        b.waitUntil(d -> b.text("pipeline-version").startsWith("Queries run on version " + (before + 1)), Duration.ofSeconds(10));
        b.screenshot("04-pipeline");
    }

    @Test
    void should_upload_a_document_and_show_its_job_finishing() throws IOException {
        tenant("ui-upload", "Upload Widgets");
        String tenant = "ui-upload";
        Browser b = browser();
        Path file = Files.createTempDirectory("upload").resolve("zorblax.md");
        Files.writeString(file, DOC);
        b.open("/knowledge?tenant=" + tenant);
        assertThat(b.page()).contains("No documents yet");

        b.upload("upload", file);

        b.waitUntil(d -> !d.findElements(By.cssSelector("#jobs .job[data-state='DONE']")).isEmpty(), Duration.ofSeconds(60));
        b.waitUntil(d -> b.text("documents").contains("INDEXED"), Duration.ofSeconds(10));
        assertThat(b.text("documents")).contains("zorblax.md");
        assertThat(ingestion.list(tenant)).singleElement().satisfies(doc -> {
            assertThat(doc.status()).isEqualTo("INDEXED");
            assertThat(doc.chunkCount()).isPositive();
        });
        b.screenshot("05-knowledge");
    }

    @Test
    void should_answer_in_the_playground_with_citations_beside_the_trace() {
        tenantWithTheDocument(TENANT, "Acme Widgets");
        Browser b = browser();
        b.open("/playground?tenant=" + TENANT);

        b.type("question", "How much does a Zorblax widget weigh?");
        b.click("ask");

        b.waitUntil(d -> !d.findElements(By.id("answer-text")).isEmpty(), Duration.ofSeconds(30));
        assertThat(b.text("answer-text")).contains("412 grams");
        assertThat(b.text("citations")).containsIgnoringCase("zorblax").contains("knowledge base");
        // a source opens beside the playground, which keeps the question and its answer
        assertThat(b.driver.findElement(By.cssSelector("#citations a.open-source")).getDomAttribute("target"))
                .isEqualTo("_blank");
        assertThat(b.text("trace-summary")).contains("CORRECT");
        assertThat(b.text("trace-retrieved")).contains("CORRECT");
        assertThat(b.text("trace-retrieval-decision")).startsWith("retrieved · heuristic");
        assertThat(b.text("trace-round-1")).as("the quoted answer judged by the default critic")
                .contains("SERVE").contains("FULLY").contains("judged by critic");
        assertThat(b.element("trace-timings").findElements(By.cssSelector("rect"))).isNotEmpty();
        assertThat(runs.list(TENANT, RunFilter.ALL, 0, 10).items()).anySatisfy(r ->
                assertThat(r.question()).isEqualTo("How much does a Zorblax widget weigh?"));
        b.screenshot("06-playground");
    }

    @Test
    void should_evaluate_an_uploaded_question_set_with_a_progress_bar_and_compare_with_naive() throws IOException {
        tenantWithTheDocument("ui-eval", "Evaluated Widgets");
        String tenant = "ui-eval";
        Browser b = browser();
        Path questions = Files.createTempDirectory("eval").resolve("zorblax-questions.jsonl");
        Files.writeString(questions, String.join("\n",
                "{\"id\":\"w\",\"question\":\"How much does a Zorblax widget weigh?\",\"answers\":[\"412 grams\"],"
                        + "\"gold_route\":\"kb\",\"gold_sentences\":[\"Each Zorblax widget weighs exactly 412 grams and "
                        + "ships in a blue box.\"],\"source\":\"ui-test\"}",
                "{\"id\":\"n\",\"question\":\"Who painted the Mona Lisa?\",\"answers\":[],\"gold_route\":\"none\","
                        + "\"gold_sentences\":[],\"source\":\"ui-test\"}"));
        b.open("/evaluation?tenant=" + tenant);
        assertThat(b.page()).contains("No evaluations yet");
        var before = pipelines.active(tenant);
        int version = before.version();

        b.click("eval-calibrate");
        b.upload("eval-upload", questions);
        // the job ends in the background; the page follows it by polling (and shows it when opened again)
        b.waitUntil(d -> evaluations.list(tenant).stream().anyMatch(j -> j.state().equals("DONE")), Duration.ofSeconds(60));
        try {
            b.waitUntil(d -> !d.findElements(By.cssSelector("#evaluations .evaluation[data-state='DONE']")).isEmpty(),
                    Duration.ofSeconds(10));
        } catch (RuntimeException notYet) {
            b.screenshot("06a-evaluation-polling-behind");
            b.open("/evaluation?tenant=" + tenant);
        }
        b.waitUntil(d -> !d.findElements(By.cssSelector("#evaluations .evaluation[data-state='DONE']")).isEmpty(),
                Duration.ofSeconds(10));
        b.waitUntil(d -> !d.findElements(By.id("eval-compare")).isEmpty(), Duration.ofSeconds(10));
        assertThat(b.text("evaluations")).contains("zorblax-questions.jsonl", "HTML report");
        String compare = b.text("eval-compare");
        assertThat(compare).contains("corrective v", "naive");
        b.waitUntil(d -> !d.findElements(By.id("eval-calibration")).isEmpty(), Duration.ofSeconds(10));
        assertThat(b.text("eval-calibration")).contains("Upper", "Route acc.");
        b.screenshot("06b-evaluation");

        assertThat(b.text("eval-calibration")).contains("95 % interval");
        // stored evaluations draw their trend
        assertThat(b.element("eval-trend").findElements(By.cssSelector("polyline, circle"))).isNotEmpty();
        assertThat(b.text("eval-compare")).contains("Faithfulness / relevancy");
        // what each pipeline answered to each question, right or wrong and why
        String perQuestion = b.text("eval-questions");
        assertThat(perQuestion).contains("Who painted the Mona Lisa?", "How much does a Zorblax widget weigh?",
                "abstained: the sources do not answer it", "412 grams");
        assertThat(b.element("eval-questions").findElements(By.cssSelector("[data-value='right']"))).isNotEmpty();
        // the rows' verdicts counted, each pipeline's adding up to the questions, with how they differ from the figures
        long shownRight = b.element("eval-questions").findElements(By.cssSelector("[data-value='right']")).size();
        assertThat(b.text("eval-questions-tally")).matches("(?s).*: \\d+ right, \\d+ partly, \\d+ wrong.*")
                .contains("route accuracy judges the route alone");
        assertThat(java.util.regex.Pattern.compile("(\\d+) right").matcher(b.text("eval-questions-tally")).results()
                .mapToLong(m -> Long.parseLong(m.group(1))).sum()).isEqualTo(shownRight);
        int rows = b.element("eval-questions").findElements(By.cssSelector("[data-value]")).stream()
                .filter(org.openqa.selenium.WebElement::isDisplayed).toList().size();
        b.click("eval-questions-wrong");
        b.waitUntil(d -> b.element("eval-questions").findElements(By.cssSelector("[data-value]")).stream()
                .filter(org.openqa.selenium.WebElement::isDisplayed)
                .noneMatch(e -> "right".equals(e.getAttribute("data-value"))), Duration.ofSeconds(10));
        assertThat(b.element("eval-questions").findElements(By.cssSelector("[data-value]")).stream()
                .filter(org.openqa.selenium.WebElement::isDisplayed).toList()).hasSizeLessThan(rows);
        assertThat(b.element("eval-template").getAttribute("href")).isNotBlank();
        b.screenshot("06c-evaluation-per-question");
        int drafts = pipelines.versions(tenant).size();
        b.click("eval-apply-calibration");

        // calibration proposes a draft: the active version stays until an admin publishes it
        b.waitUntil(d -> pipelines.versions(tenant).size() == drafts + 1, Duration.ofSeconds(10));
        assertThat(pipelines.activeVersion(tenant)).isEqualTo(version);
        assertThat(pipelines.versions(tenant).get(0).note()).startsWith("calibrated on 2 labelled question(s)");

        // a user's thumbs-up is a label too: calibrate on the rated runs of the run log; one is too few (here the
        // minimum is 2), and the refusal says so
        runs.feedback(tenant, queries.ask(tenant, "How much does a Zorblax widget weigh?").runId(), "helpful", null, null);
        b.open("/evaluation?tenant=" + tenant);
        assertThat(b.element("eval-calibrate-feedback").getAttribute("disabled")).as("too few ratings").isNotNull();
        assertThat(b.text("eval-calibrate-feedback-reason")).contains("Needs 2 rated runs; 1 so far");
        runs.feedback(tenant, queries.ask(tenant, "How much does a Zorblax widget weigh?").runId(), "helpful", null, null);
        b.open("/evaluation?tenant=" + tenant);
        assertThat(b.element("eval-calibrate-feedback").getAttribute("disabled")).isNull();
        b.click("eval-calibrate-feedback");

        // as above: the job ends in the background and the page follows it by polling, or shows it when opened again
        var rated = Eventually.until(() -> evaluations.list(tenant).stream()
                .filter(j -> j.name().equals("rated runs")).findFirst(),
                j -> j.isPresent() && !j.get().state().equals("RUNNING"), Duration.ofSeconds(60)).orElseThrow();
        assertThat(rated.state()).as(String.valueOf(rated.error())).isEqualTo("DONE");
        try {
            b.waitUntil(d -> !d.findElements(By.id("eval-calibration-rated")).isEmpty(), Duration.ofSeconds(10));
        } catch (RuntimeException notYet) {
            b.screenshot("06d-evaluation-polling-behind");
            b.open("/evaluation?tenant=" + tenant);
        }
        b.waitUntil(d -> !d.findElements(By.id("eval-calibration-rated")).isEmpty(), Duration.ofSeconds(10));
        assertThat(b.text("eval-calibration-rated")).contains("Agreement", "1.000");
        assertThat(b.text("evaluations")).contains("rated runs");
    }

    @Test
    void should_list_runs_with_charts_and_open_a_run_s_trace() {
        tenantWithTheDocument("ui-runs", "Run Widgets");
        String tenant = "ui-runs";
        queries.ask(tenant, "How much does a Zorblax widget weigh?");
        Browser b = browser();
        b.open("/runs?tenant=" + tenant);

        b.waitUntil(d -> b.text("runs-grid").contains("Zorblax"), Duration.ofSeconds(10));
        assertThat(b.element("chart-actions").findElements(By.cssSelector("rect"))).isNotEmpty();
        assertThat(b.element("chart-latency").findElements(By.cssSelector("circle"))).isNotEmpty();
        b.screenshot("07-runs");

        b.driver.findElements(By.cssSelector("#runs-grid vaadin-grid-cell-content")).stream()
                .filter(c -> c.getText().contains("Zorblax")).findFirst().orElseThrow().click();
        b.waitUntil(d -> d.getCurrentUrl().contains("/runs/"), Duration.ofSeconds(10));
        b.waitForVaadin();
        assertThat(b.text("answer-text")).contains("412 grams");
        b.screenshot("08-run-trace");

        // a run becomes an evaluation case, with the route and answer expected
        b.click("add-eval-case");
        b.typeArea("eval-case-answer", "412 grams");
        b.click("eval-case-save");
        b.waitUntil(d -> cases.cases(tenant, "regression").size() == 1, Duration.ofSeconds(10));
        var kept = cases.cases(tenant, "regression").get(0);
        assertThat(kept.goldRoute()).isEqualTo("kb");
        assertThat(kept.answer()).isEqualTo("412 grams");
        assertThat(kept.question()).contains("Zorblax");

        // and its answer is curated: the admin's own words, with a variant, served for the question from now on
        b.click("curate-answer");
        b.waitUntil(d -> b.element("curate-answer-text").getAttribute("value").contains("412 grams"), Duration.ofSeconds(10));
        b.typeArea("curate-variants", "What is the weight of a Zorblax widget?");
        b.typeArea("curate-answer-text", "A Zorblax widget weighs 412 grams, without its box.");
        b.screenshot("08b-run-curate");
        b.click("curate-save");
        b.waitUntil(d -> curated.list(tenant).size() == 1, Duration.ofSeconds(10));
        var written = curated.list(tenant).get(0);
        assertThat(written.variants()).containsExactly("What is the weight of a Zorblax widget?");
        assertThat(written.documents()).hasSize(1);
        assertThat(written.sourceRun()).isNotNull();
        var served = queries.ask(tenant, "What is the weight of a Zorblax widget?");
        assertThat(served.answer()).isEqualTo("A Zorblax widget weighs 412 grams, without its box. [1]");
        assertThat(served.curated()).isNotNull();

        // the team's answers in one list: edited to a second version, then deleted
        b.open("/curated-answers?tenant=" + tenant);
        assertThat(b.text("curated-grid")).contains("also: What is the weight of a Zorblax widget?")
                .contains("A Zorblax widget weighs 412 grams, without its box.").contains("cites:").contains("v1")
                .contains("from a run");
        b.screenshot("08c-curated-answers");
        b.click("curated-edit-" + written.id());
        b.typeArea("curated-edit-answer", "A Zorblax widget weighs 412 grams; boxed, 450 grams.");
        b.click("curated-edit-save");
        b.waitUntil(d -> curated.get(tenant, written.id()).version() == 2, Duration.ofSeconds(10));
        assertThat(queries.ask(tenant, "What is the weight of a Zorblax widget?").answer())
                .isEqualTo("A Zorblax widget weighs 412 grams; boxed, 450 grams. [1]");
        b.waitUntil(d -> b.text("curated-grid").contains("v2"), Duration.ofSeconds(10));
        b.click("curated-delete-" + written.id());
        assertThat(b.text("confirm-impact")).contains("answered by the pipeline again");
        b.click("confirm-button");
        b.waitUntil(d -> curated.list(tenant).isEmpty(), Duration.ofSeconds(10));
        assertThat(queries.ask(tenant, "What is the weight of a Zorblax widget?").curated()).isNull();
    }

    @Test
    void should_show_plugins_and_resilience() {
        tenantWithTheDocument(TENANT, "Acme Widgets");
        queries.ask(TENANT, "How much does a Zorblax widget weigh?");
        Browser b = browser();
        b.open("/plugins");
        assertThat(b.text("plugins-grid")).contains("lucene-retriever", "STARTED", "unsigned");
        b.screenshot("09-plugins");

        // a disabled plugin: asked first, with who uses it; then the pipelines using it are shown as broken
        b.click("toggle-extractive-generator");
        assertThat(b.text("confirm-impact")).contains("Used by").contains(TENANT).contains("runs/min in the last hour");
        b.screenshot("09a-plugin-disable-confirm");
        b.click("confirm-button");
        b.waitUntil(d -> b.text("plugins-grid").contains("disabled by an admin"), Duration.ofSeconds(10));
        try {
            b.open("/pipeline?tenant=" + TENANT);
            assertThat(b.text("pipeline-broken")).contains("This pipeline is broken")
                    .contains("generator 'extractive-generator'").contains("every run abstains");
            b.screenshot("09b-pipeline-broken");
        } finally {
            b.open("/plugins");
            b.click("toggle-extractive-generator");
            b.waitUntil(d -> !b.text("plugins-grid").contains("disabled by an admin"), Duration.ofSeconds(10));
        }
        b.open("/pipeline?tenant=" + TENANT);
        assertThat(b.page()).doesNotContain("This pipeline is broken");

        // every plugin the playground's questions called has a breaker of its own
        b.open("/resilience");
        assertThat(b.text("breakers")).contains(TENANT, "lucene-retriever", "extractive-generator", "CLOSED");
        b.screenshot("10-resilience");
    }

    @Test
    void should_create_a_publishable_key_shown_once_and_revoke_it() {
        tenant(TENANT, "Acme Widgets");
        Browser b = browser();
        b.open("/widget?tenant=" + TENANT);
        b.type("key-name", "marketing site");
        b.element("key-origins").findElement(By.cssSelector("textarea")).sendKeys("https://www.acme.example");
        b.click("create-key");

        String value = b.text("new-key-value");
        assertThat(value).startsWith("pk_");
        assertThat(keys.authenticate(value)).hasValueSatisfying(k -> {
            assertThat(k.tenant()).isEqualTo(TENANT);
            assertThat(k.allowedOrigins()).containsExactly("https://www.acme.example");
        });
        b.allowClipboard();
        b.click("copy-new-key");
        b.waitUntil(d -> b.text("copy-new-key").equals("Copied"), Duration.ofSeconds(10));
        assertThat(b.clipboard()).as("the key copied with one click").isEqualTo(value);
        b.click("copy-new-key-snippet");
        b.waitUntil(d -> b.text("copy-new-key-snippet").equals("Copied"), Duration.ofSeconds(10));
        assertThat(b.clipboard()).startsWith("<script src=\"").endsWith("/widget.js\" data-key=\"" + value + "\"></script>");
        b.screenshot("12-widget-key-created");
        b.driver.findElements(By.cssSelector("vaadin-dialog-overlay vaadin-button")).stream()
                .filter(e -> e.getText().equals("Done")).findFirst().orElseThrow().click();
        b.waitForVaadin();
        assertThat(b.text("keys-grid")).contains("marketing site").doesNotContain(value);

        // the tenant's runs through other channels are not what revoking this key stops
        queries.ask(TENANT, "How much does a Zorblax widget weigh?");
        b.click("revoke-marketing site");
        assertThat(b.text("confirm-impact")).contains("https://www.acme.example").contains("stops answering at once")
                .contains("It served 0 run(s) in the last hour");
        b.click("confirm-button");
        b.waitUntil(d -> b.text("keys-grid").contains("revoked"), Duration.ofSeconds(10));
        assertThat(keys.authenticate(value)).isEmpty();
        b.screenshot("13-widget-keys");

        // the look previewed as it is typed, before it is saved
        b.type("widget-title", "Ask Acme");
        b.type("widget-color", "#aa3300");
        b.typeArea("widget-starters", "How heavy is a Zorblax?");
        b.waitUntil(d -> b.text("widget-preview-title").equals("Ask Acme"), Duration.ofSeconds(10));
        assertThat(b.text("widget-preview")).contains("How heavy is a Zorblax?");
        assertThat(b.element("widget-preview").findElement(By.cssSelector("div")).getCssValue("background-color"))
                .isEqualTo("rgba(170, 51, 0, 1)");
        assertThat(tenants.widget(TENANT).title()).as("nothing saved yet").isNotEqualTo("Ask Acme");
        b.screenshot("13b-widget-preview");
    }

    @Test
    void should_show_a_tenant_admin_only_their_tenant() {
        tenantWithTheDocument(TENANT, "Acme Widgets");
        queries.ask(TENANT, "How much does a Zorblax widget weigh?");
        tenant("ui-other", "Other Corp");
        users.create("olga", "olga-password-1", Role.TENANT_ADMIN, List.of("ui-other"));
        try (Browser b = new Browser(port)) {
            b.signIn("olga", "olga-password-1");

            b.open("/tenants");
            assertThat(b.text("tenants-grid")).contains("Other Corp").doesNotContain("Acme");
            b.screenshot("11-tenant-admin");
            b.open("/playground?tenant=" + TENANT);
            assertThat(b.page()).contains("Playground · ui-other").doesNotContain(TENANT);
            b.open("/runs?tenant=" + TENANT);
            assertThat(b.page()).doesNotContain("Zorblax");
            assertThat(b.page()).doesNotContain("Users");
            b.open("/users");
            assertThat(b.driver.findElements(By.id("users-grid"))).isEmpty();
            assertThat(b.page()).contains("Nothing here");
            b.screenshot("14-tenant-admin-users-refused");
        }
    }

    @Test
    void should_end_an_open_session_when_its_user_loses_a_tenant_changes_password_or_is_deleted() {
        // given: a tenant admin signed in, reading their tenant's documents
        tenants.create("ui-revoked", "Revoked Corp");
        ingestion.await("ui-revoked", ingestion.submit("ui-revoked", List.of(new IngestionService.Upload("merger-plans.txt",
                "text/plain", "The merger with Globex closes in March.".getBytes(StandardCharsets.UTF_8)))).id(),
                Duration.ofSeconds(60));
        tenant("ui-other", "Other Corp");
        users.create("rita", "rita-password-1", Role.TENANT_ADMIN, List.of("ui-revoked"));
        try (Browser b = new Browser(port)) {
            b.signIn("rita", "rita-password-1");
            b.open("/knowledge?tenant=ui-revoked");
            assertThat(b.page()).contains("merger-plans.txt");

            // when: the tenant is taken away while the session is open
            users.update("rita", Role.TENANT_ADMIN, List.of("ui-other"), null);
            b.open("/knowledge?tenant=ui-revoked");

            // then
            assertThat(b.driver.getCurrentUrl()).contains("/login");
            assertThat(b.page()).doesNotContain("merger-plans.txt");

            // when: signed in again with the tenant back, and the password changed elsewhere
            users.update("rita", Role.TENANT_ADMIN, List.of("ui-revoked"), null);
            b.signIn("rita", "rita-password-1");
            b.open("/knowledge?tenant=ui-revoked");
            assertThat(b.page()).contains("merger-plans.txt");
            users.changePassword("rita", "rita-password-2");
            b.open("/knowledge?tenant=ui-revoked");

            // then
            assertThat(b.driver.getCurrentUrl()).contains("/login");

            // when: signed in with the new password, and the user deleted
            b.signIn("rita", "rita-password-2");
            b.open("/knowledge?tenant=ui-revoked");
            assertThat(b.page()).contains("merger-plans.txt");
            users.delete("rita");
            b.open("/knowledge?tenant=ui-revoked");

            // then
            assertThat(b.driver.getCurrentUrl()).contains("/login");
            assertThat(b.page()).doesNotContain("merger-plans.txt");
            b.screenshot("15-revoked-session");
        }
    }

    @Test
    void should_keep_the_sign_in_form_closed_to_a_user_name_after_five_wrong_passwords() {
        tenant("ui-other", "Other Corp");
        users.create("gus", "gus-password-1", Role.TENANT_ADMIN, List.of("ui-other"));
        try (Browser b = new Browser(port)) {
            b.open("/login");
            for (int i = 0; i < 5; i++) {
                b.signIn("gus", "guess-" + i);
                assertThat(b.driver.getCurrentUrl()).contains("/login");
            }

            b.signIn("gus", "gus-password-1");

            assertThat(b.driver.getCurrentUrl()).as("the right password while locked").contains("/login");
            b.screenshot("16-sign-in-locked");

            // and the platform admin sees the lock in the Users view
            b.signIn("admin", ADMIN_PASSWORD);
            b.open("/users");
            assertThat(b.text("users-grid")).contains("gus").contains("locked until").contains("(5 failed)");
            b.screenshot("17-users-sign-in-locked");
        }
    }
}

package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.eval.EvalJobs;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.knowledge.JobView;
import io.corrigo.server.run.QueryService;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.testsupport.Eventually;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Every view of the admin UI, filled with a tenant's real data, at 1440×900 and 1280×800: a screenshot of each
 * (in {@code target/screenshots/sweep-*}) and a check that nothing is wider than the viewport; at 1280×800 also that
 * no grid scrolls sideways or cuts off a control, and that text a grid cuts off has a tooltip. And a new view starts
 * at its top, not where the last one was scrolled to.
 */
class LayoutSweepBrowserTest extends UiTestBase {

    private static final String TENANT = "ui-sweep";
    private static final String DOC = """
            # Zorblax widgets

            The Zorblax widget is assembled in Tallinn by the Acme Corporation. Each Zorblax widget weighs exactly \
            412 grams and ships in a blue box. Zorblax widgets were first sold in 2019.

            # Returns

            A Zorblax widget can be returned within 30 days of delivery for a full refund. A very long reference \
            like https://docs.example.com/zorblax/widgets/returns/policies/2019/international/shipping-and-handling-terms-v12 \
            must wrap instead of widening the page.
            """;

    private static Browser browser;
    private static String runId;
    private static String documentId;

    @Autowired
    TenantService tenants;
    @Autowired
    IngestionService ingestion;
    @Autowired
    QueryService queries;
    @Autowired
    EvalJobs evaluations;
    @Autowired
    io.corrigo.server.health.HealthWatch watch;
    @Autowired
    io.corrigo.server.access.ApiKeys keys;

    @BeforeEach
    void tenantWithData() throws InterruptedException {
        if (browser != null) {
            return;
        }
        tenants.create(TENANT, "Sweep Widgets Incorporated of Very Long Names");
        JobView job = ingestion.submit(TENANT, List.of(new IngestionService.Upload("zorblax-widgets-product-handbook.md",
                "text/markdown", DOC.getBytes(StandardCharsets.UTF_8))));
        assertThat(ingestion.await(TENANT, job.id(), Duration.ofSeconds(60)).state()).isEqualTo("DONE");
        documentId = ingestion.list(TENANT).get(0).id();
        runId = queries.ask(TENANT, "How much does a Zorblax widget weigh?").runId();
        for (int i = 0; i < 12; i++) {
            queries.ask(TENANT, i % 3 == 0 ? "hello" : "Can I return a Zorblax widget after " + i + " days?");
        }
        keys.create(TENANT, io.corrigo.server.access.KeyKind.PUBLISHABLE, "marketing site",
                List.of("https://www.sweep-widgets-incorporated.example"));
        EvalJobs.Job eval = evaluations.submit(TENANT, "sweep-questions.jsonl", String.join("\n",
                "{\"id\":\"w\",\"question\":\"How much does a Zorblax widget weigh?\",\"answers\":[\"412 grams\"],"
                        + "\"gold_route\":\"kb\",\"gold_sentences\":[],\"source\":\"sweep\"}",
                "{\"id\":\"n\",\"question\":\"Who painted the Mona Lisa?\",\"answers\":[],\"gold_route\":\"none\","
                        + "\"gold_sentences\":[],\"source\":\"sweep\"}"), true, true);
        Eventually.until(() -> "DONE".equals(eval.state()) || "FAILED".equals(eval.state()), Duration.ofSeconds(90),
                "the sweep's evaluation finishes");
        assertThat(eval.state()).isEqualTo("DONE");
        browser = adminBrowser();
    }

    private static Map<String, String> views() {
        return views(TENANT, runId, documentId);
    }

    @Test
    void should_show_every_view_at_1440_and_1280_with_nothing_wider_than_the_viewport() {
        List<String> problems = new ArrayList<>();
        for (int[] size : new int[][] {{1440, 900}, {1280, 800}}) {
            browser.resize(size[0], size[1]);
            assertThat(browser.viewportWidth()).isLessThanOrEqualTo(size[0]);
            for (Map.Entry<String, String> view : views().entrySet()) {
                browser.open(view.getValue());
                if (view.getKey().equals("tenants")) {
                    browser.driver.findElements(By.cssSelector("#tenants-grid vaadin-grid-cell-content")).stream()
                            .filter(c -> c.getText().equals(TENANT)).findFirst().ifPresent(browser::click);
                    browser.waitForVaadin();
                }
                if (view.getKey().equals("playground")) {
                    browser.type("question", "How much does a Zorblax widget weigh?");
                    browser.click("ask");
                    browser.waitUntil(d -> !d.findElements(By.id("answer-text")).isEmpty(), Duration.ofSeconds(30));
                }
                if (view.getKey().equals("knowledge")) {
                    browser.click("new-knowledge-base");
                }
                browser.screenshot("sweep-" + size[0] + "-" + view.getKey());
                browser.horizontalOverflow().forEach(p -> problems.add(size[0] + "×" + size[1] + " " + view.getKey() + ": " + p));
                if (size[0] == 1280) { // at the smaller size, a grid shows its actions and figures without scrolling
                    browser.gridProblems().forEach(p -> problems.add("1280×800 " + view.getKey() + ": " + p));
                }
            }
        }
        browser.resize(1400, 1000);
        assertThat(problems).as("elements wider than the viewport, grids that hide their content").isEmpty();
    }

    @Test
    void should_show_every_view_without_an_accessibility_violation() {
        // axe-core over each view of the admin UI, filled with the tenant's data: every impact, from critical to minor
        List<String> problems = new ArrayList<>();
        browser.resize(1280, 800);
        try {
            for (Map.Entry<String, String> view : views().entrySet()) {
                browser.open(view.getValue());
                browser.axeViolations("critical", "serious", "moderate", "minor").forEach(v -> problems.add(view.getKey() + ": " + v));
            }
        } finally {
            browser.resize(1400, 1000);
        }
        assertThat(problems).as("accessibility violations").isEmpty();
    }

    @Test
    void should_keep_the_admin_header_within_a_phone_s_screen() {
        browser.resize(390, 844);
        try {
            browser.open("/health?tenant=" + TENANT);
            long width = browser.viewportWidth();
            for (String id : List.of("tenant-select", "language", "sign-out")) {
                @SuppressWarnings("unchecked")
                Map<String, Object> box = (Map<String, Object>) browser.script("const r = document.getElementById(arguments[0])"
                        + ".getBoundingClientRect(); return {left: r.left, right: r.right, width: r.width};", id);
                assertThat(((Number) box.get("right")).doubleValue()).as(id + " ends within the screen").isLessThanOrEqualTo(width);
                assertThat(((Number) box.get("width")).doubleValue()).as(id + " is there to tap").isGreaterThanOrEqualTo(24);
            }
            assertThat(browser.element("sign-out").getDomAttribute("aria-label")).isEqualTo("Sign out");
            assertThat(browser.element("tenant-select").getDomAttribute("title")).as("the long name whole, on hover")
                    .isEqualTo("Sweep Widgets Incorporated of Very Long Names (" + TENANT + ")");
            browser.screenshot("46-admin-header-phone-390x844");
        } finally {
            browser.resize(1400, 1000);
        }
    }

    @Test
    void should_open_a_new_view_at_its_top() {
        browser.resize(1280, 800);
        try {
            browser.open("/runs?tenant=" + TENANT);
            browser.scrollToBottom();
            assertThat(browser.scrolledDown()).as("the runs page scrolls").isPositive();
            browser.navigate("Knowledge");
            browser.waitUntil(d -> d.getCurrentUrl().contains("/knowledge"), Duration.ofSeconds(10));
            browser.waitUntil(d -> browser.scrolledDown() == 0, Duration.ofSeconds(5));
        } finally {
            browser.resize(1400, 1000);
        }
    }

    @Test
    void should_show_the_tenant_s_health_against_its_bands_with_the_most_asked_questions() {
        browser.open("/health?tenant=" + TENANT + "&window=7d");
        assertThat(browser.text("health-window")).contains("Last 7 days");
        assertThat(browser.text("health-summary")).contains("runs:").contains("answered").contains("rated by users");
        List<org.openqa.selenium.WebElement> cards = browser.driver.findElements(By.cssSelector("#health-bands .band"));
        assertThat(cards).extracting(c -> c.getAttribute("data-metric"))
                .contains("correctShare", "fallbackRate", "abstainRate", "meanSupport", "helpfulRate", "p95Millis");
        assertThat(cards).allSatisfy(c -> assertThat(c.getAttribute("data-level")).isIn("OK", "WARN", "ALERT", "NO_DATA"));
        assertThat(browser.text("health-top-questions")).contains("How much does a Zorblax widget weigh?");
        assertThat(browser.element("health-grades").findElements(By.cssSelector("rect"))).isNotEmpty();
        assertThat(browser.text("health-overview")).contains(TENANT);
        assertThat(browser.text("health-spend")).startsWith("This month:");
        assertThat(browser.element("health-gaps")).isNotNull();
        // 13 runs: a band may read red on the cards, but an alert (and its webhook) waits for its minimum sample
        assertThat(watch.check(TENANT)).as("no alert below 20 runs").isEmpty();
        browser.open("/health?tenant=" + TENANT);
        assertThat(browser.page()).contains("No alerts").contains("once there are 20 runs");
        browser.screenshot("40-health");
    }

    @Test
    void should_keep_the_runs_filters_in_the_url() {
        browser.open("/runs?tenant=" + TENANT + "&degraded=clean");
        assertThat(browser.text("filter-degraded")).contains("clean");
        browser.choose("filter-feedback", "none");
        browser.waitUntil(d -> d.getCurrentUrl().contains("feedback=none"), Duration.ofSeconds(10));
        assertThat(browser.driver.getCurrentUrl()).contains("degraded=clean");
        browser.driver.navigate().refresh();
        browser.waitForVaadin();
        assertThat(browser.text("filter-feedback")).contains("none");
        // greetings skip retrieval: the log names them so, not after the pipeline's mode; and where runs came from
        assertThat(browser.text("runs-grid")).contains("no retrieval").doesNotContain("CORRECTIVE").contains("API");
    }
}

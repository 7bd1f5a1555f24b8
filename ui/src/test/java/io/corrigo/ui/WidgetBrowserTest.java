package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.corrigo.server.access.ApiKeys;
import io.corrigo.server.access.KeyKind;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.knowledge.JobView;
import io.corrigo.server.run.RunFilter;
import io.corrigo.server.run.RunLog;
import io.corrigo.server.run.RunView;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.access.WidgetLanguages;
import io.corrigo.server.access.WidgetTexts;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.SearchContext;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The chat widget as a visitor meets it: a page on another origin (a second HTTP server on 127.0.0.1, with hostile
 * CSS) carries the script tag; in headless Chromium the visitor opens the bubble, asks, reads the streamed answer
 * with its numbered sources and rates it — the rating lands on the run. A page on an origin the key does not allow
 * gets no answer.
 */
class WidgetBrowserTest extends UiTestBase {

    private static final String TENANT = "ui-widget";
    private static Browser browser;
    private volatile String siteKey;

    @Autowired
    TenantService tenants;
    @Autowired
    WidgetLanguages languages;
    @Autowired
    IngestionService ingestion;
    @Autowired
    ApiKeys keys;
    @Autowired
    RunLog runs;
    @Autowired
    io.corrigo.server.curated.CuratedAnswers curated;

    private HttpServer site;

    @BeforeEach
    void tenantWithKnowledge() {
        if (browser != null) {
            return;
        }
        tenants.create(TENANT, "Widget Co");
        JobView job = ingestion.submit(TENANT, List.of(new IngestionService.Upload("returns.md", "text/markdown", """
                # Returns policy

                A Zorblax widget can be returned within 30 days of delivery for a full refund. Returns are shipped to \
                the warehouse in Tallinn at no cost to the customer.

                # Gadgets

                A Blorptex gadget can be returned within 14 days of delivery, unopened.
                """.getBytes(StandardCharsets.UTF_8))));
        assertThat(ingestion.await(TENANT, job.id(), Duration.ofSeconds(60)).state()).isEqualTo("DONE");
        browser = new Browser(port);
    }

    @AfterEach
    void stopSite() {
        if (site != null) {
            site.stop(0);
        }
    }

    @AfterAll
    static void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    /**
     * Serves a page carrying the widget's script tag with {@link #siteKey} (and CSS that would break a careless
     * widget); returns the page's origin.
     */
    private String startSite() throws IOException {
        return startSite("");
    }

    /** As {@link #startSite()}, with {@code attributes} on the widget's script tag (e.g. {@code data-lang="de"}). */
    private String startSite(String attributes) throws IOException {
        return startSite(attributes, "");
    }

    /** As {@link #startSite(String)}, with {@code page} (HTML) at the top of the page's body. */
    private String startSite(String attributes, String page) throws IOException {
        site = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        site.createContext("/", exchange -> {
            byte[] body = """
                    <!doctype html><html><head><title>Shop</title>
                    <style>* { color: red !important; font-size: 40px !important; } button { display: none !important; }</style>
                    </head><body>%s<h1>Our shop</h1>
                    <script>window.warnings = []; const warn = console.warn;
                      console.warn = (...a) => { window.warnings.push(a.join(' ')); warn(...a); };</script>
                    <script src="http://127.0.0.1:%d/widget.js" data-key="%s" %s></script>
                    </body></html>""".formatted(page, port, siteKey, attributes).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        site.start();
        return "http://127.0.0.1:" + site.getAddress().getPort();
    }

    private SearchContext widget() {
        return browser.driver.findElement(By.cssSelector("corrigo-chat")).getShadowRoot();
    }

    @Test
    void should_answer_a_visitor_with_sources_and_take_their_feedback() throws IOException {
        String origin = startSite(); // its origin is known once it listens: the key is made for it
        siteKey = keys.create(TENANT, KeyKind.PUBLISHABLE, "shop", List.of(origin)).value();

        browser.driver.get(origin + "/");
        waitForBubble();
        WebElement bubble = widget().findElement(By.cssSelector(".bubble"));
        assertThat(bubble.isDisplayed()).isTrue(); // the page's "button { display: none }" does not reach it
        bubble.click();
        browser.waitUntil(d -> widget().findElement(By.cssSelector(".panel")).isDisplayed()
                && widget().findElement(By.cssSelector(".log")).getText().contains("Hi!"), Duration.ofSeconds(10));
        browser.screenshot("19-widget-open");
        widget().findElement(By.cssSelector("input[name=q]")).sendKeys("Can I return a Zorblax widget?");
        widget().findElement(By.cssSelector(".send")).click();

        browser.waitUntil(d -> !widget().findElements(By.cssSelector(".msg.bot ol.sources li")).isEmpty(), Duration.ofSeconds(30));
        List<WebElement> answers = widget().findElements(By.cssSelector(".msg.bot"));
        WebElement answer = answers.get(answers.size() - 1);
        assertThat(answer.findElement(By.cssSelector(".text")).getText()).contains("30 days");
        assertThat(answer.findElement(By.cssSelector("ol.sources")).getText()).containsIgnoringCase("returns");
        // how sure it is: a quiet mark and a line, a level and the sources checked against, never a score
        WebElement confidence = answer.findElement(By.cssSelector(".confidence"));
        assertThat(confidence.getText()).matches("(High confidence|Medium confidence: please check the sources)"
                + " · Checked against 1 source");
        assertThat(confidence.findElements(By.cssSelector(".mark"))).hasSize(1);
        // a knowledge-base source opens in place: its passage, the quoted sentence marked
        answer.findElement(By.cssSelector("button.source")).click();
        browser.waitUntil(d -> !answer.findElements(By.cssSelector(".source-view mark")).isEmpty(), Duration.ofSeconds(10));
        assertThat(answer.findElement(By.cssSelector(".source-view mark")).getText()).contains("30 days");
        assertThat(answer.findElement(By.cssSelector(".source-view")).getText()).contains("Tallinn");
        browser.screenshot("20-widget-answer");
        // the open widget, with an answer and its source, has no accessibility violation of any impact
        assertThat(browser.axeViolationsIn("corrigo-chat", "critical", "serious", "moderate", "minor"))
                .as("axe-core, the widget").isEmpty();

        // one click is the rating, sent at once; a comment may follow
        answer.findElement(By.cssSelector("button[aria-label='Helpful']")).click();
        browser.waitUntil(d -> answer.getText().contains("Thanks for your feedback"), Duration.ofSeconds(10));
        assertThat(run("Can I return a Zorblax widget?").feedback().rating()).isEqualTo("helpful");
        assertThat(run("Can I return a Zorblax widget?").feedback().comment()).isNull();
        answer.findElement(By.cssSelector("input[aria-label='Comment on this answer']")).sendKeys("clear answer");
        answer.findElement(By.cssSelector("button[aria-label='Send feedback']")).click();
        browser.waitUntil(d -> answer.findElements(By.cssSelector("button[aria-label='Send feedback']")).isEmpty(), Duration.ofSeconds(10));

        RunView run = run("Can I return a Zorblax widget?");
        assertThat(run.feedback()).isNotNull();
        assertThat(run.feedback().rating()).isEqualTo("helpful");
        assertThat(run.feedback().comment()).isEqualTo("clear answer");
        browser.screenshot("21-widget-feedback");
    }

    @Test
    void should_show_a_curated_answer_as_written_by_the_team() throws IOException {
        // given: the tenant's own answer to a question about returns
        var written = curated.create(TENANT, new io.corrigo.server.curated.CuratedAnswer.Draft(
                "Where do I send a returned Zorblax widget?", List.of(),
                "Send it to our warehouse in Tallinn; we pay the postage.", false, List.of(), null), "admin");
        try {
            String origin = startSite();
            siteKey = keys.create(TENANT, KeyKind.PUBLISHABLE, "curated", List.of(origin)).value();
            browser.driver.get(origin + "/");
            waitForBubble();
            widget().findElement(By.cssSelector(".bubble")).click();
            browser.waitUntil(d -> widget().findElement(By.cssSelector(".panel")).isDisplayed(), Duration.ofSeconds(10));

            // when: a visitor asks it in other words
            askInWidget("Where should I send a returned Zorblax widget?", 1);

            // then: the curated answer, said to be the team's, with no confidence line
            List<WebElement> answers = widget().findElements(By.cssSelector(".msg.bot"));
            WebElement answer = answers.get(answers.size() - 1);
            assertThat(answer.findElement(By.cssSelector(".text")).getText())
                    .isEqualTo("Send it to our warehouse in Tallinn; we pay the postage.");
            assertThat(answer.findElement(By.cssSelector(".confidence.curated")).getText()).isEqualTo("Answer written by our team");
            assertThat(answer.findElements(By.cssSelector(".confidence.high, .confidence.medium"))).isEmpty();
            browser.screenshot("20b-widget-curated");
        } finally {
            curated.delete(TENANT, written.id());
        }
    }

    @Test
    void should_speak_german_when_the_page_asks_for_it() throws IOException {
        String origin = startSite("data-lang=\"de\"");
        siteKey = keys.create(TENANT, KeyKind.PUBLISHABLE, "shop-de", List.of(origin)).value();
        languages.save(TENANT, new WidgetTexts("de", null, "Fragen Sie uns", "Hallo! Was möchten Sie über Zorblax wissen?",
                null, List.of(), null));

        browser.driver.get(origin + "/");
        waitForBubble();
        assertThat(widget().findElement(By.cssSelector(".bubble")).getAttribute("aria-label")).isEqualTo("Chat öffnen");
        widget().findElement(By.cssSelector(".bubble")).click();
        browser.waitUntil(d -> widget().findElement(By.cssSelector(".panel")).isDisplayed(), Duration.ofSeconds(10));
        assertThat(widget().findElement(By.cssSelector("button.new")).getText()).isEqualTo("Neuer Chat");
        assertThat(widget().findElement(By.cssSelector(".send")).getText()).isEqualTo("Senden");
        assertThat(widget().findElement(By.cssSelector(".panel")).getAttribute("lang")).isEqualTo("de");
        // the tenant's texts written for German pages, the rest as the tenant wrote them first
        assertThat(widget().findElement(By.cssSelector("#title")).getText()).isEqualTo("Fragen Sie uns");
        assertThat(widget().findElements(By.cssSelector(".msg.bot")).get(0).getText()).contains("Was möchten Sie über Zorblax wissen?");
        askInWidget("Can I return a Zorblax widget?", 1);

        List<WebElement> answers = widget().findElements(By.cssSelector(".msg.bot"));
        WebElement answer = answers.get(answers.size() - 1);
        assertThat(answer.findElement(By.cssSelector("ol.sources")).getAttribute("aria-label")).isEqualTo("Quellen");
        assertThat(answer.findElement(By.cssSelector(".confidence")).getText()).endsWith("Mit 1 Quelle abgeglichen");
        assertThat(answer.findElements(By.cssSelector("button[aria-label='Hilfreich']"))).hasSize(1);
        browser.screenshot("22-widget-german");
    }

    @Test
    void should_fit_a_phone_screen_of_390_by_844_with_nothing_wider_than_the_viewport() throws IOException {
        // a page whose fixed header claims the highest z-index there is, in a stacking context of its own
        String origin = startSite("", "<header id=\"hostile\" style=\"position: fixed; top: 0; left: 0; right: 0;"
                + " height: 120px; background: #222; z-index: 2147483647; transform: translateZ(0)\">Shop menu</header>");
        siteKey = keys.create(TENANT, KeyKind.PUBLISHABLE, "phone", List.of(origin)).value();
        browser.resize(390, 844);
        try {
            browser.driver.get(origin + "/");
            waitForBubble();
            assertThat(browser.viewportWidth()).as("the phone's viewport").isEqualTo(390);
            assertThat(browser.horizontalOverflow()).as("closed").isEmpty();
            widget().findElement(By.cssSelector(".bubble")).click();
            browser.waitUntil(d -> widget().findElement(By.cssSelector(".panel")).isDisplayed(), Duration.ofSeconds(10));
            widget().findElement(By.cssSelector("input[name=q]")).sendKeys("Can I return a Zorblax widget?");
            widget().findElement(By.cssSelector(".send")).click();
            browser.waitUntil(d -> !widget().findElements(By.cssSelector(".msg.bot ol.sources li")).isEmpty(),
                    Duration.ofSeconds(30));
            List<WebElement> answers = widget().findElements(By.cssSelector(".msg.bot"));
            answers.get(answers.size() - 1).findElement(By.cssSelector("button.source")).click();
            browser.waitUntil(d -> !widget().findElements(By.cssSelector(".source-view")).isEmpty(), Duration.ofSeconds(10));

            // every control a finger can hit (24 by 24 CSS pixels at least), an input a phone does not zoom into
            for (String control : List.of("button.close", "button.new", "button.send", "button[aria-label='Helpful']",
                    "button[aria-label='Not helpful']")) {
                WebElement button = widget().findElements(By.cssSelector(control)).get(0);
                assertThat(button.getRect().getWidth()).as(control + " width").isGreaterThanOrEqualTo(24);
                assertThat(button.getRect().getHeight()).as(control + " height").isGreaterThanOrEqualTo(24);
            }
            WebElement input = widget().findElement(By.cssSelector("input[name=q]"));
            assertThat(input.getCssValue("font-size")).isEqualTo("16px");
            // focus rings of 3:1 at least against what surrounds them: the input on the form, the close button on the header
            input.click();
            assertThat(contrast(input.getCssValue("outline-color"), widget().findElement(By.cssSelector("form"))
                    .getCssValue("background-color"))).as("input focus ring").isGreaterThanOrEqualTo(3.0);
            WebElement close = widget().findElement(By.cssSelector("button.close"));
            for (int i = 0; i < 20 && !"close".equals(activeClass()); i++) {
                new org.openqa.selenium.interactions.Actions(browser.driver).keyDown(org.openqa.selenium.Keys.SHIFT)
                        .sendKeys(org.openqa.selenium.Keys.TAB).keyUp(org.openqa.selenium.Keys.SHIFT).perform();
            }
            assertThat(activeClass()).as("reached by keyboard").isEqualTo("close");
            assertThat(close.getCssValue("outline-style")).isEqualTo("solid");
            assertThat(contrast(close.getCssValue("outline-color"), widget().findElement(By.cssSelector("header"))
                    .getCssValue("background-color"))).as("close button focus ring").isGreaterThanOrEqualTo(3.0);

            // the widget's title, New chat and × stay on top of the page's header, and take the clicks
            for (String part : List.of("#title", "button.new", "button.close")) {
                org.openqa.selenium.Rectangle r = widget().findElement(By.cssSelector(part)).getRect();
                Object hit = browser.script("const e = document.elementFromPoint(" + (r.getX() + r.getWidth() / 2) + ", "
                        + (r.getY() + r.getHeight() / 2) + "); return e ? e.tagName.toLowerCase() : null;");
                assertThat(hit).as(part + " under the page's header?").isEqualTo("corrigo-chat");
            }
            WebElement panel = widget().findElement(By.cssSelector(".panel"));
            assertThat(panel.getRect().getX()).isGreaterThanOrEqualTo(0);
            assertThat(panel.getRect().getX() + panel.getRect().getWidth()).isLessThanOrEqualTo(390);
            assertThat(browser.horizontalOverflow()).as("open, with an answer and its source").isEmpty();
            browser.screenshot("23-widget-phone-390x844");
        } finally {
            browser.resize(1400, 1000);
        }
    }

    @Test
    void should_answer_a_follow_up_in_the_conversation_and_start_over_on_new_chat() throws IOException {
        // given
        String origin = startSite();
        siteKey = keys.create(TENANT, KeyKind.PUBLISHABLE, "shop-chat", List.of(origin)).value();
        browser.driver.get(origin + "/");
        waitForBubble();
        widget().findElement(By.cssSelector(".bubble")).click();

        // when: a question, then a follow-up that only makes sense after it
        askInWidget("How long do I have to return a Zorblax widget?", 1);
        askInWidget("And a Blorptex gadget?", 2);

        // then
        List<WebElement> answers = widget().findElements(By.cssSelector(".msg.bot .text"));
        assertThat(answers.get(answers.size() - 2).getText()).contains("30 days");
        assertThat(answers.get(answers.size() - 1).getText()).contains("14 days");
        assertThat(run("And a Blorptex gadget?").trace().condensation().standalone())
                .isEqualTo("How long do I have to return a Blorptex gadget?");
        // the follow-up's reading is shown above its answer, and only there
        List<WebElement> readings = widget().findElements(By.cssSelector(".msg.bot .reading"));
        assertThat(readings).hasSize(1);
        assertThat(readings.get(0).getText())
                .isEqualTo("Answering: How long do I have to return a Blorptex gadget? Not what I meant");
        browser.screenshot("21b-widget-follow-up");

        // and a follow-up that reads two ways is asked back with both readings; one click asks the one meant
        askInWidget("Did Marie Curie ever meet Albert Einstein?", 3);
        askInWidget("Where was she born?", 4);
        List<WebElement> choices = widget().findElements(By.cssSelector(".msg.bot .choices button"));
        assertThat(choices).extracting(WebElement::getText).containsExactly("Marie Curie", "Albert Einstein");
        List<WebElement> bot = widget().findElements(By.cssSelector(".msg.bot"));
        assertThat(bot.get(bot.size() - 1).findElements(By.cssSelector("div.note, a.handoff")))
                .as("a question asked back says nothing of a search or a refusal").isEmpty();
        browser.screenshot("21d-widget-choices");
        choices.get(0).click();
        browser.waitUntil(d -> widget().findElements(By.cssSelector(".msg.bot .feedback")).size() >= 5
                && widget().findElement(By.cssSelector(".send")).isEnabled(), Duration.ofSeconds(30));
        List<WebElement> asked = widget().findElements(By.cssSelector(".msg.user"));
        assertThat(asked.get(asked.size() - 1).getText()).isEqualTo("Where was Marie Curie born?");

        // and a reading that is wrong is one click from being asked again in full
        widget().findElement(By.cssSelector(".reading .not-meant")).click();
        List<WebElement> bots = widget().findElements(By.cssSelector(".msg.bot .text"));
        assertThat(bots.get(bots.size() - 1).getText()).contains("please ask the whole question");
        assertThat(widget().findElement(By.cssSelector("input[name=q]")).getAttribute("value")).isEqualTo("And a Blorptex gadget?");

        // and "New chat" forgets the conversation: the log is empty but for the greeting
        widget().findElement(By.cssSelector("button.new")).click();
        assertThat(widget().findElements(By.cssSelector(".msg.user"))).isEmpty();
    }

    @Test
    void should_hold_a_five_turn_conversation_in_the_widget__each_answer_from_the_passage_its_turn_asks_about()
            throws IOException {
        // given: the staff handbook in a tenant of its own, and a page carrying that tenant's key
        String tenant = handbookTenant();
        String origin = startSite();
        siteKey = keys.create(tenant, KeyKind.PUBLISHABLE, "intranet-chat", List.of(origin)).value();
        browser.driver.get(origin + "/");
        waitForBubble();
        widget().findElement(By.cssSelector(".bubble")).click();
        String[][] turns = {
                {"Who can get a company car?", "sales and field service"},
                {"And what about private use?", "Private use of a company car"},
                {"and what about accidents?", "After an accident"},
                {"And fuel?", "fleet fuel card"},
                {"How many days of paid time off do full-time employees get?", "25 days"}};

        // when
        for (int i = 0; i < turns.length; i++) {
            askInWidget(turns[i][0], i + 1);
        }

        // then: each answer holds its own passage's sentence and none of the others'
        List<WebElement> answers = widget().findElements(By.cssSelector(".msg.bot .text"));
        List<String> texts = answers.subList(answers.size() - turns.length, answers.size()).stream()
                .map(WebElement::getText).toList();
        for (int i = 0; i < turns.length; i++) {
            assertThat(texts.get(i)).as(turns[i][0]).contains(turns[i][1]);
            for (int j = 0; j < turns.length; j++) {
                if (j != i) {
                    assertThat(texts.get(i)).as(turns[i][0] + " does not re-serve turn " + (j + 1)).doesNotContain(turns[j][1]);
                }
            }
        }
        browser.screenshot("21c-widget-five-turns");
    }

    @Test
    void should_offer_starter_questions__and_on_abstaining_say_once_what_was_searched_and_offer_a_person() throws IOException {
        // given
        String tenant = handbookTenant();
        tenants.updateWidget(tenant, tenants.widget(tenant).withExtras(List.of("Who can get a company car?",
                "How often are laptops replaced?"), null, "mailto:hr@example.com", "Ask HR"));
        String origin = startSite();
        siteKey = keys.create(tenant, KeyKind.PUBLISHABLE, "starters", List.of(origin)).value();
        browser.driver.get(origin + "/");
        waitForBubble();
        widget().findElement(By.cssSelector(".bubble")).click();
        browser.waitUntil(d -> widget().findElements(By.cssSelector(".starters button")).size() == 2, Duration.ofSeconds(10));

        // when: a starter is clicked, then a question the handbook does not answer is typed
        widget().findElements(By.cssSelector(".starters button")).get(1).click();
        browser.waitUntil(d -> widget().findElements(By.cssSelector(".msg.bot .feedback")).size() >= 1
                && widget().findElement(By.cssSelector(".send")).isEnabled(), Duration.ofSeconds(30));
        askInWidget("What is the annual revenue of Acme?", 2);

        // then
        List<WebElement> answers = widget().findElements(By.cssSelector(".msg.bot"));
        assertThat(widget().findElements(By.cssSelector(".msg.user")).get(0).getText()).isEqualTo("How often are laptops replaced?");
        assertThat(answers.get(answers.size() - 2).findElement(By.cssSelector(".text")).getText()).contains("every three years");
        assertThat(widget().findElements(By.cssSelector(".starters"))).as("offered before the first question only").isEmpty();
        WebElement abstention = answers.get(answers.size() - 1);
        assertThat(abstention.getAttribute("class")).contains("abstained");
        assertThat(abstention.findElements(By.cssSelector(".confidence"))).as("an abstention has no confidence").isEmpty();
        assertThat(abstention.getText()).doesNotContain("fallback sources").doesNotContain("No reliable answer was found");
        assertThat(abstention.findElements(By.cssSelector(".note"))).extracting(WebElement::getText)
                .filteredOn(note -> note.startsWith("Searched")).singleElement().asString()
                .as("this tenant has no web search: the line says only what was searched")
                .matches("Searched \\d+ passages? of the knowledge base\\.");
        WebElement handoff = abstention.findElement(By.cssSelector("a.handoff"));
        assertThat(handoff.getText()).isEqualTo("Ask HR");
        assertThat(handoff.getAttribute("href")).isEqualTo("mailto:hr@example.com");
        browser.screenshot("21d-widget-starters-and-handoff");
    }

    private String handbookTenant() throws IOException {
        String tenant = "ui-handbook";
        if (tenants.list().stream().noneMatch(t -> t.id().equals(tenant))) {
            tenants.create(tenant, "Acme staff");
            JobView job = ingestion.submit(tenant, List.of(new IngestionService.Upload("staff-handbook.md", "text/markdown",
                    java.nio.file.Files.readAllBytes(java.nio.file.Path.of(
                            "../platform/server/src/test/resources/handbook/staff-handbook.md")))));
            assertThat(ingestion.await(tenant, job.id(), Duration.ofSeconds(60)).state()).isEqualTo("DONE");
        }
        return tenant;
    }

    /** Waits until the widget has loaded its settings and shows its bubble. */
    private void waitForBubble() {
        browser.waitUntil(d -> !d.findElements(By.cssSelector("corrigo-chat")).isEmpty()
                && widget().findElement(By.cssSelector(".bubble")).isDisplayed(), Duration.ofSeconds(10));
    }

    @SuppressWarnings("unchecked")
    private List<String> warnings() {
        return (List<String>) ((org.openqa.selenium.JavascriptExecutor) browser.driver).executeScript("return window.warnings || []");
    }

    private String activeClass() {
        Object name = ((org.openqa.selenium.JavascriptExecutor) browser.driver).executeScript(
                "const c = document.querySelector('corrigo-chat'); const a = c && c.shadowRoot.activeElement;"
                        + " return a ? a.className : null");
        return name == null ? null : name.toString();
    }

    /** The WCAG contrast ratio of two CSS colours ({@code rgb(...)} or {@code rgba(...)}). */
    static double contrast(String first, String second) {
        double a = luminance(first), b = luminance(second);
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }

    private static double luminance(String css) {
        String[] parts = css.replaceAll("[^0-9.,]", "").split(",");
        double[] c = new double[3];
        for (int i = 0; i < 3; i++) {
            double v = Double.parseDouble(parts[i]) / 255;
            c[i] = v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
        }
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    }

    private void askInWidget(String question, int nth) {
        widget().findElement(By.cssSelector("input[name=q]")).sendKeys(question);
        widget().findElement(By.cssSelector(".send")).click();
        browser.waitUntil(d -> widget().findElements(By.cssSelector(".msg.bot .feedback")).size() >= nth
                && widget().findElement(By.cssSelector(".send")).isEnabled(), Duration.ofSeconds(30));
    }

    private RunView run(String question) {
        RunView summary = runs.list(TENANT, RunFilter.ALL, 0, 50).items().stream()
                .filter(r -> r.question().equals(question)).findFirst().orElseThrow();
        return runs.run(TENANT, summary.id());
    }

    @Test
    void should_refuse_a_page_on_an_origin_the_key_does_not_allow() throws IOException {
        siteKey = keys.create(TENANT, KeyKind.PUBLISHABLE, "other site", List.of("https://elsewhere.example.com")).value();
        long before = runs.list(TENANT, RunFilter.ALL, 0, 1).total();
        String origin = startSite();

        browser.driver.get(origin + "/");

        // the widget takes itself off the page instead of showing a bubble that opens onto "not available"
        browser.waitUntil(d -> warnings().stream().anyMatch(w -> w.contains("not shown")), Duration.ofSeconds(10));
        assertThat(browser.driver.findElements(By.cssSelector("corrigo-chat"))).isEmpty();
        assertThat(warnings()).anySatisfy(w -> assertThat(w).contains("may not use this key")
                .contains("https://elsewhere.example.com"));
        assertThat(runs.list(TENANT, RunFilter.ALL, 0, 1).total()).isEqualTo(before);
        browser.screenshot("22-widget-refused");
    }
}

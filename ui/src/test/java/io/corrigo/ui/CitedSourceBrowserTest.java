package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.corrigo.server.access.ApiKeys;
import io.corrigo.server.access.KeyKind;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.knowledge.JobView;
import io.corrigo.server.run.QueryResponse;
import io.corrigo.server.run.QueryService;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.testsupport.TestPdfs;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.SearchContext;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A citation checked against its source, as a reader does it: a sentence printed on page 2 of a PDF is cited; the
 * admin opens the source from the run page and the widget visitor from the answer, and both see the document around
 * the sentence with the sentence highlighted and the page named.
 */
class CitedSourceBrowserTest extends UiTestBase {

    private static final String TENANT = "ui-sources";
    private static final String QUESTION = "When is the lamp of the lighthouse cleaned?";
    private static boolean ready;
    private static Browser visitor;

    @Autowired
    TenantService tenants;
    @Autowired
    IngestionService ingestion;
    @Autowired
    QueryService queries;
    @Autowired
    ApiKeys keys;

    @BeforeEach
    void tenantWithAPdf() throws IOException {
        if (ready) {
            return;
        }
        tenants.create(TENANT, "Lighthouse Trust");
        JobView job = ingestion.submit(TENANT, List.of(new IngestionService.Upload("lighthouse.pdf", "application/pdf",
                TestPdfs.pages("Lighthouse keeping", "Harbour Office", List.of(List.of("Lighthouse keeping", "", "The lighthouse on the northern cape was built in 1874.",
                                "It is painted with red and white stripes."),
                        List.of("Maintenance", "", "The lamp of the lighthouse is cleaned every Tuesday morning.",
                                "The keeper logs every cleaning in a bound book."))))));
        assertThat(ingestion.await(TENANT, job.id(), Duration.ofSeconds(60)).state()).isEqualTo("DONE");
        ready = true;
    }

    @AfterAll
    static void closeVisitor() {
        if (visitor != null) {
            visitor.close();
            visitor = null;
        }
    }

    @Test
    void an_admin_opens_a_cited_pdf_sentence_at_its_page_highlighted() {
        QueryResponse answer = queries.ask(TENANT, QUESTION);
        assertThat(answer.citations()).isNotEmpty();
        Browser browser = adminBrowser();

        browser.open("/runs/" + answer.runId() + "?tenant=" + TENANT);
        browser.waitUntil(d -> !d.findElements(By.cssSelector("a.open-source")).isEmpty(), Duration.ofSeconds(15));
        browser.click(browser.driver.findElement(By.cssSelector("a.open-source")));
        browser.waitUntil(d -> !d.findElements(By.id("cited-span")).isEmpty(), Duration.ofSeconds(15));

        WebElement cited = browser.driver.findElement(By.id("cited-span"));
        assertThat(cited.getText()).contains("cleaned every Tuesday morning");
        assertThat(cited.getDomAttribute("data-highlight")).isEqualTo("cited");
        assertThat(cited.getCssValue("background-color")).as("highlighted").isNotIn("rgba(0, 0, 0, 0)", "transparent");
        assertThat(browser.text("source-where")).contains("Page 2 of 2").contains("Maintenance");
        assertThat(browser.text("source-text")).contains("built in 1874").contains("bound book");
        assertThat(browser.driver.findElement(By.id("download-original")).getDomAttribute("download")).isNotNull();
        browser.screenshot("40-cited-source-admin");
    }

    @Test
    void an_admin_gives_a_document_collections_readers_and_metadata_in_the_knowledge_view() {
        Browser browser = adminBrowser();
        browser.open("/knowledge?tenant=" + TENANT);
        browser.click("scope-lighthouse.pdf");
        browser.waitUntil(d -> !d.findElements(By.id("scope-dialog")).isEmpty(), Duration.ofSeconds(10));
        // the file's own author came with it
        assertThat(browser.driver.findElement(By.id("scope-metadata")).getDomProperty("value")).contains("author");
        browser.type("scope-collections", "manuals, maintenance");
        browser.type("scope-groups", "keepers");
        // a wrong date is said on its field, and nothing typed is lost
        browser.typeArea("scope-metadata", "language = en\nupdated = last spring");
        browser.click("save-scope");
        browser.waitUntil(d -> !browser.fieldError("scope-metadata").isEmpty(), Duration.ofSeconds(10));
        assertThat(browser.fieldError("scope-metadata")).contains("metadata.updated").contains("yyyy-MM-dd");
        assertThat(browser.driver.findElements(By.id("scope-dialog"))).as("still open").isNotEmpty();
        assertThat(browser.driver.findElement(By.id("scope-collections")).getDomProperty("value")).isEqualTo("manuals, maintenance");
        browser.screenshot("42b-document-scope-invalid");
        browser.typeArea("scope-metadata", "language = en\ntags = lamps, safety");
        browser.screenshot("42-document-scope-dialog");
        browser.click("save-scope");
        try {
            browser.waitUntil(d -> d.findElement(By.id("documents")).getText().contains("keepers"), Duration.ofSeconds(15));
            var document = ingestion.list(TENANT).get(0);
            assertThat(document.collections()).containsExactly("manuals", "maintenance");
            assertThat(document.groups()).containsExactly("keepers");
            assertThat(document.metadata()).as("the text area is the whole metadata: the author line was replaced")
                    .containsOnly(java.util.Map.entry("language", "en"), java.util.Map.entry("tags", "lamps,safety"));
            assertThat(browser.driver.findElement(By.id("documents")).getText()).contains("default + manuals, maintenance")
                    .as("the metadata shown in the grid").contains("language = en · tags = lamps,safety");
        } finally {
            // readable by everyone again, for the other tests of this class
            var document = ingestion.list(TENANT).get(0);
            ingestion.rescope(TENANT, document.id(), io.corrigo.server.knowledge.DocumentScope.of(
                    document.collections(), java.util.List.of(), document.metadata()));
        }
    }

    @Test
    void a_widget_visitor_opens_the_cited_sentence_in_its_document_at_its_page() throws IOException {
        HttpServer site = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        String origin = "http://127.0.0.1:" + site.getAddress().getPort();
        String key = keys.create(TENANT, KeyKind.PUBLISHABLE, "site", List.of(origin)).value();
        site.createContext("/", exchange -> {
            byte[] body = ("<!doctype html><html><body><h1>Lighthouse Trust</h1><script src=\"http://127.0.0.1:" + port
                    + "/widget.js\" data-key=\"" + key + "\"></script></body></html>").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        site.start();
        try {
            visitor = new Browser(port);
            visitor.driver.get(origin + "/");
            visitor.waitUntil(d -> !d.findElements(By.cssSelector("corrigo-chat")).isEmpty()
                    && widget().findElement(By.cssSelector(".bubble")).isDisplayed(), Duration.ofSeconds(10));
            widget().findElement(By.cssSelector(".bubble")).click();
            widget().findElement(By.cssSelector("input[name=q]")).sendKeys(QUESTION);
            widget().findElement(By.cssSelector(".send")).click();
            visitor.waitUntil(d -> !widget().findElements(By.cssSelector(".msg.bot button.source")).isEmpty(),
                    Duration.ofSeconds(30));
            List<WebElement> answers = widget().findElements(By.cssSelector(".msg.bot"));
            WebElement answer = answers.get(answers.size() - 1);
            answer.findElement(By.cssSelector("button.source")).click();
            visitor.waitUntil(d -> !answer.findElements(By.cssSelector(".source-view .source-where")).isEmpty(),
                    Duration.ofSeconds(10));

            assertThat(answer.findElement(By.cssSelector(".source-view .source-where")).getText()).contains("Page 2 of 2");
            assertThat(answer.findElement(By.cssSelector(".source-view mark")).getText()).contains("cleaned every Tuesday morning");
            // the quote opens in view below the sticky "Page · section" line, not under it
            WebElement view = answer.findElement(By.cssSelector(".source-view"));
            double labelBottom = view.findElement(By.cssSelector(".source-where")).getRect().getY()
                    + view.findElement(By.cssSelector(".source-where")).getRect().getHeight();
            double markTop = view.findElement(By.cssSelector("mark")).getRect().getY();
            assertThat(markTop).as("the highlighted quote below the label").isGreaterThanOrEqualTo(labelBottom);
            assertThat(markTop).as("and within the view").isLessThan(view.getRect().getY() + view.getRect().getHeight());
            assertThat(answer.findElement(By.cssSelector(".source-view .source-text")).getText()).contains("bound book");
            visitor.screenshot("41-cited-source-widget");
        } finally {
            site.stop(0);
        }
    }

    private SearchContext widget() {
        return visitor.driver.findElement(By.cssSelector("corrigo-chat")).getShadowRoot();
    }
}

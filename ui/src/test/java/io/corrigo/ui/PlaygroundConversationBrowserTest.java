package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.knowledge.JobView;
import io.corrigo.server.tenant.TenantService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The playground's conversation mode, as an admin tries what widget visitors get: three questions in a row over the
 * staff handbook, each turn showing the standalone question it was answered as (one click when it is not what was meant), and "New conversation" starting over.
 */
class PlaygroundConversationBrowserTest extends UiTestBase {

    private static final String TENANT = "ui-playground-conv";
    private static Browser browser;

    @Autowired
    TenantService tenants;
    @Autowired
    IngestionService ingestion;


    @Test
    void should_hold_a_conversation_in_the_playground_and_show_each_rewritten_question() throws IOException {
        // given
        tenants.create(TENANT, "Acme staff");
        JobView job = ingestion.submit(TENANT, List.of(new IngestionService.Upload("staff-handbook.md", "text/markdown",
                Files.readAllBytes(Path.of("../platform/server/src/test/resources/handbook/staff-handbook.md")))));
        assertThat(ingestion.await(TENANT, job.id(), Duration.ofSeconds(60)).state()).isEqualTo("DONE");
        browser = adminBrowser();
        browser.open("/playground?tenant=" + TENANT);

        // when
        browser.click("conversation-mode");
        ask("Who can get a company car?", 1);
        ask("And what about private use?", 2);
        ask("and what about accidents?", 3);

        // then
        List<WebElement> turns = browser.driver.findElements(By.cssSelector(".playground-turn"));
        assertThat(turns).hasSize(3);
        assertThat(rewrite(turns.get(0))).isEqualTo("A first question: answered as asked");
        assertThat(rewrite(turns.get(1))).startsWith("Answering: What about private use for a company car?");
        assertThat(rewrite(turns.get(2))).startsWith("Answering: What about accidents for a company car?");
        assertThat(turns.get(2).findElement(By.cssSelector(".playground-answer")).getText()).contains("After an accident")
                .doesNotContain("Private use");
        browser.screenshot("06b-playground-conversation");

        // and "Not what I meant" on a reading asks back and puts the follow-up back in the field to be written in full
        assertThat(turns.get(0).findElements(By.cssSelector(".playground-not-meant"))).as("a first question").isEmpty();
        turns.get(2).findElement(By.cssSelector(".playground-not-meant")).click();
        browser.waitUntil(d -> !d.findElements(By.cssSelector(".playground-ask-back")).isEmpty(), Duration.ofSeconds(10));
        assertThat(browser.driver.findElement(By.cssSelector(".playground-ask-back")).getText())
                .isEqualTo("Ask the whole question, naming what you mean.");
        assertThat(browser.driver.findElement(By.cssSelector("#question input")).getAttribute("value"))
                .isEqualTo("and what about accidents?");
        browser.screenshot("06d-playground-not-meant");

        // and a new conversation forgets the turns: the same follow-up is now a first question
        browser.click("new-conversation");
        assertThat(browser.driver.findElements(By.cssSelector(".playground-turn"))).isEmpty();
        ask("And what about private use?", 1);
        assertThat(rewrite(browser.driver.findElements(By.cssSelector(".playground-turn")).get(0)))
                .isEqualTo("A first question: answered as asked");

        // and a follow-up that reads two ways offers both readings; one click asks the one meant
        ask("Did Marie Curie ever meet Albert Einstein?", 2);
        ask("Where was she born?", 3);
        WebElement unclear = browser.driver.findElements(By.cssSelector(".playground-turn")).get(2);
        assertThat(rewrite(unclear)).isEqualTo("Reads more than one way: asked which is meant");
        List<WebElement> choices = unclear.findElements(By.cssSelector(".playground-choice"));
        // each button's label, then (its tooltip) the question it asks
        assertThat(choices).extracting(WebElement::getText).containsExactly(
                "Marie Curie\nWhere was Marie Curie born?", "Albert Einstein\nWhere was Albert Einstein born?");
        browser.screenshot("06c-playground-choices");
        choices.get(1).click();
        browser.waitUntil(d -> d.findElements(By.cssSelector(".playground-turn")).size() >= 4, Duration.ofSeconds(30));
        assertThat(browser.driver.findElements(By.cssSelector(".playground-turn")).get(3).findElement(By.tagName("h4"))
                .getText()).isEqualTo("4. Where was Albert Einstein born?");
    }

    private static String rewrite(WebElement turn) {
        return turn.findElement(By.cssSelector(".playground-rewrite")).getText();
    }

    private static void ask(String question, int nth) {
        browser.type("question", question);
        browser.click("ask");
        browser.waitUntil(d -> d.findElements(By.cssSelector(".playground-turn")).size() >= nth, Duration.ofSeconds(30));
    }
}

package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.pipeline.PipelineService;
import io.corrigo.server.tenant.TenantService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * An admin's daily path without snags: the header's tenant selector lists what exists (a tenant created here or
 * elsewhere, none deleted) and never switches silently; an import with a misspelt key or a value of the wrong kind is
 * refused naming the field, in words; an error toast does not follow the admin to the next view.
 */
class AdminDailyPathBrowserTest extends UiTestBase {

    private static Browser browser;

    @Autowired
    TenantService tenants;
    @Autowired
    PipelineService pipelines;

    @BeforeEach
    void signIn() {
        if (browser == null) {
            browser = adminBrowser();
        }
    }


    @org.springframework.beans.factory.annotation.Autowired
    io.corrigo.server.eval.EvalJobs evaluations;

    @Test
    void should_keep_the_tenant_selector_true_after_create__elsewhere_create_and_delete__and_say_when_a_tenant_is_gone() {
        // given
        browser.open("/tenants");

        // a refused id says why; the corrected one succeeds and the error goes with it (no error beside a success)
        browser.type("new-tenant-id", "Daily One!");
        browser.type("new-tenant-name", "Daily One");
        browser.click("create-tenant");
        assertThat(errorToast()).isNotBlank();
        // when: a tenant is created in this view
        browser.type("new-tenant-id", "daily-one");
        browser.type("new-tenant-name", "Daily One");
        browser.click("create-tenant");

        // then: the selector lists it at once, without a reload
        browser.waitUntil(d -> selectorItems().contains("Daily One (daily-one)"), Duration.ofSeconds(10));
        browser.waitUntil(d -> d.findElements(By.cssSelector(".toast-error-text")).isEmpty(), Duration.ofSeconds(10));

        // when: another admin creates one through the API (another session)
        tenants.create("daily-two", "Daily Two");

        // then: opening the selector reads the list again (its items follow the opening within a round trip)
        browser.waitUntil(d -> selectorItems().contains("Daily Two (daily-two)"), Duration.ofSeconds(10));

        // when: a tenant is deleted in this view
        browser.click("tenant-delete-daily-one");
        browser.type("typed-confirm-input", "daily-one");
        browser.click("typed-confirm-button");

        // then: it leaves the selector, and a link to it says it is gone instead of silently showing another tenant
        browser.waitUntil(d -> !selectorItems().contains("Daily One (daily-one)"), Duration.ofSeconds(10));
        browser.open("/runs?tenant=daily-one");
        assertThat(errorToast()).contains("The tenant in the link does not exist").contains("showing '");
        browser.screenshot("40-tenant-gone");

        // and the error stays with its view: the next view opens without it
        browser.navigate("Knowledge");
        browser.waitUntil(d -> d.findElements(By.cssSelector(".toast-error-text")).isEmpty(), Duration.ofSeconds(10));
    }

    @Test
    void should_refuse_an_imported_pipeline_naming_a_misspelt_key_and_a_wrong_value_in_words() throws IOException {
        // given
        tenants.create("daily-import", "Daily import");
        String exported = pipelines.export("daily-import", pipelines.activeVersion("daily-import"), PipelineService.Format.YAML);
        Path dir = Files.createTempDirectory("import");
        Path misspelt = dir.resolve("misspelt.yaml");
        Files.writeString(misspelt, exported.replace("upperThreshold:", "uperThreshold:"));
        Path wordy = dir.resolve("wordy.yaml");
        Files.writeString(wordy, exported.replaceFirst("(?m)^  topK: .*$", "  topK: eight"));
        int versions = pipelines.versions("daily-import").size();
        browser.open("/pipeline?tenant=daily-import");

        // when
        browser.upload("pipeline-import", misspelt);

        // then
        String misspeltError = errorToast();
        assertThat(misspeltError).contains("settings.uperThreshold").contains("did you mean upperThreshold?")
                .doesNotContain("com.fasterxml", "java.");
        browser.screenshot("41-import-misspelt-key");
        closeToasts();

        // when
        browser.upload("pipeline-import", wordy);

        // then
        assertThat(errorToast()).contains("settings.topK: 'eight' is not an integer")
                .doesNotContain("`int`", "Cannot deserialize");
        assertThat(pipelines.versions("daily-import")).as("nothing saved").hasSize(versions);
        closeToasts();
    }

    @Test
    void should_refuse_an_evaluation_set_of_another_shape__naming_each_unknown_key_by_line() throws IOException {
        // given: the fields a user guessed (route, answer) instead of the set's (gold_route, answers)
        tenants.create("daily-eval", "Daily eval");
        Path set = Files.createTempDirectory("eval").resolve("guessed-fields.jsonl");
        Files.writeString(set, String.join("\n",
                "{\"id\":\"a\",\"question\":\"How many days of leave do I get?\",\"answer\":\"30 days\",\"route\":\"kb\"}",
                "{\"id\":\"b\",\"question\":\"Who won the 1966 World Cup?\",\"route\":\"none\"}"));
        browser.open("/evaluation?tenant=daily-eval");

        // when
        browser.upload("eval-upload", set);

        // then: refused with every unknown key named, and nothing evaluated
        assertThat(errorToast()).contains("guessed-fields.jsonl: 3 key(s) a labelled question does not have, so nothing",
                "line 1: answer (did you mean answers?)", "line 1: route (did you mean gold_route?)",
                "line 2: route (did you mean gold_route?)");
        browser.screenshot("42-evaluation-upload-unknown-keys");
        assertThat(evaluations.list("daily-eval")).as("nothing evaluated").isEmpty();
        closeToasts();
    }

    private String errorToast() {
        browser.waitUntil(d -> d.findElements(By.cssSelector(".toast-error-text")).stream()
                .anyMatch(e -> !e.getText().isBlank()), Duration.ofSeconds(15));
        return browser.driver.findElement(By.cssSelector(".toast-error-text")).getText();
    }

    private void closeToasts() {
        browser.driver.findElements(By.cssSelector(".toast-close")).forEach(WebElement::click);
        browser.waitUntil(d -> d.findElements(By.cssSelector(".toast-error-text")).isEmpty(), Duration.ofSeconds(10));
    }

    /** The selector's items, as the admin sees them on opening it. */
    private List<String> selectorItems() {
        WebElement select = browser.element("tenant-select");
        select.findElement(By.cssSelector("input")).click();
        browser.waitUntil(d -> !d.findElements(By.cssSelector("vaadin-combo-box-item")).isEmpty(), Duration.ofSeconds(10));
        List<String> items = browser.driver.findElements(By.cssSelector("vaadin-combo-box-item")).stream()
                .map(e -> e.getText().trim()).toList();
        select.findElement(By.cssSelector("input")).sendKeys(org.openqa.selenium.Keys.ESCAPE);
        return items;
    }
}

package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.cost.Budgets;
import io.corrigo.server.health.HealthBand;
import io.corrigo.server.health.HealthService;
import io.corrigo.server.security.AdminUsers;
import io.corrigo.server.security.Role;
import io.corrigo.server.tenant.TenantService;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * The screens an admin finishes their work in, where the API was needed before: a tenant's budget and alert bands set
 * in Health (with its one-line verdict on top), a user's role, tenants and password changed in Users.
 */
class AdminScreensBrowserTest extends UiTestBase {

    private static final String TENANT = "ui-screens";
    private static Browser browser;

    @Autowired
    TenantService tenants;
    @Autowired
    Budgets budgets;
    @Autowired
    HealthService health;
    @Autowired
    AdminUsers users;
    @Autowired
    io.corrigo.server.run.QueryService queries;
    @Autowired
    io.corrigo.server.knowledge.IngestionService ingestion;

    @BeforeEach
    void signIn() {
        if (browser == null) {
            tenants.create(TENANT, "Screens");
            tenants.create(TENANT + "-b", "Screens B");
            browser = adminBrowser();
        }
    }


    @Test
    void should_set_the_budget_and_the_alert_bands_in_health__under_a_one_line_verdict() {
        // given: a few runs, so that the health view has figures and a verdict
        for (int i = 0; i < 3; i++) {
            queries.ask(TENANT, "What is the meaning of item " + i + "?");
        }
        browser.open("/health?tenant=" + TENANT);
        assertThat(browser.text("health-verdict")).isNotBlank();
        assertThat(browser.element("health-verdict").getAttribute("data-level")).isIn("OK", "WARN", "ALERT", "NO_DATA");
        // the questions nothing answered are knowledge gaps, and a gap opens the runs behind it
        browser.waitUntil(d -> !d.findElements(By.cssSelector("#health-gaps a.gap-runs")).isEmpty(), Duration.ofSeconds(10));
        org.openqa.selenium.WebElement gap = browser.driver.findElements(By.cssSelector("#health-gaps a.gap-runs")).get(0);
        ((org.openqa.selenium.JavascriptExecutor) browser.driver).executeScript("arguments[0].scrollIntoView({block: 'center'})", gap);
        gap.click();
        browser.waitUntil(d -> d.getCurrentUrl().contains("/runs") && d.getCurrentUrl().contains("q="), Duration.ofSeconds(10));
        browser.waitForVaadin();
        browser.waitUntil(d -> browser.text("runs-grid").contains("What is the meaning of item"), Duration.ofSeconds(10));
        browser.open("/health?tenant=" + TENANT);

        // when: the budget is set
        browser.click("health-settings");
        browser.type("budget-limit", "25");
        browser.type("budget-warn", "70");
        browser.choose("budget-policy", "refuse questions");
        browser.click("save-budget");

        // then
        browser.waitUntil(d -> budgets.budget(TENANT).isPresent(), Duration.ofSeconds(10));
        assertThat(budgets.budget(TENANT).orElseThrow()).isEqualTo(new Budgets.Budget(25.0, 0.7, Budgets.Policy.REFUSE));

        // when: a band is changed, and one is set in the wrong order
        browser.open("/health?tenant=" + TENANT);
        browser.click("health-settings");
        // (a share in percent, as the cards show it)
        assertThat(browser.element("band-warn-fallbackRate").getAttribute("value")).isEqualTo("30");
        browser.type("band-warn-fallbackRate", "50");
        browser.type("band-alert-fallbackRate", "70");
        browser.click("save-bands");
        browser.waitUntil(d -> band("fallbackRate").warn() == 0.5, Duration.ofSeconds(10));
        // the save is confirmed after the page reloads with the new band
        browser.waitUntil(d -> d.findElements(By.cssSelector("vaadin-notification-card")).stream()
                .anyMatch(c -> c.getText().contains("Bands saved")), Duration.ofSeconds(10));
        browser.open("/health?tenant=" + TENANT);
        browser.click("health-settings");
        browser.type("band-warn-correctShare", "30");
        browser.type("band-alert-correctShare", "60");
        browser.click("save-bands");

        // then: the first is kept, the second refused on its field, in the cards' unit
        assertThat(band("fallbackRate").alert()).isEqualTo(0.7);
        assertThat(browser.fieldError("band-alert-correctShare")).isEqualTo("At or below the warning threshold (30 %)");
        assertThat(band("correctShare").alert()).isNotEqualTo(0.6);
        assertThat(browser.text("health-spend")).contains("of a 25.00 budget");
        browser.screenshot("42-health-budget-and-bands");
    }

    @Test
    void should_warn_on_the_widget_page_when_its_questions_come_in_a_language_the_knowledge_base_lacks() {
        // given: an English knowledge base and the shipped English embedder
        String tenant = TENANT + "-lang";
        tenants.create(tenant, "Languages");
        var job = ingestion.submit(tenant, List.of(new io.corrigo.server.knowledge.IngestionService.Upload("leave.md",
                "text/markdown", ("# Leave\n\nEvery employee receives twenty-five days of paid leave each year. "
                        + "The leave year runs from January to December and the remaining days can be carried over.\n")
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8))));
        assertThat(ingestion.await(tenant, job.id(), Duration.ofSeconds(60)).state()).isEqualTo("DONE");
        browser.open("/widget?tenant=" + tenant);
        assertThat(browser.driver.findElements(By.id("widget-language-warning"))).as("English questions only").isEmpty();

        // when: the admin writes a German starter question
        browser.typeArea("widget-starters", "Wie viele Urlaubstage habe ich im Jahr?");
        browser.click("save-widget");
        browser.open("/widget?tenant=" + tenant);

        // then: the page says German questions will mostly go unanswered, and why
        assertThat(browser.text("widget-language-warning")).contains("Questions in German will mostly go unanswered")
                .contains("English 1").contains("all-minilm");
        browser.screenshot("45-widget-language-warning");
    }

    @Test
    void should_edit_a_user_s_role__tenants_and_password() {
        // given
        users.create("screens-editor", "first-password-1", Role.TENANT_ADMIN, List.of(TENANT));
        browser.open("/users");

        // when: a short password is refused in the dialog, then a good one saved with another tenant
        browser.click("edit-user-screens-editor");
        browser.type("edit-user-password", "short");
        browser.click("edit-user-save");
        assertThat(browser.element("edit-user-password").getAttribute("invalid")).isNotNull();
        browser.type("edit-user-password", "second-password-2");
        browser.element("edit-user-tenants").findElement(By.cssSelector("input")).sendKeys(TENANT + "-b");
        browser.waitUntil(d -> !d.findElements(By.cssSelector("vaadin-multi-select-combo-box-item")).isEmpty(),
                Duration.ofSeconds(10));
        browser.driver.findElements(By.cssSelector("vaadin-multi-select-combo-box-item")).stream()
                .filter(i -> i.getText().trim().equals(TENANT + "-b")).findFirst().orElseThrow().click();
        // a multi-select stays open after a pick, over the dialog's buttons: closed as a click outside would
        ((org.openqa.selenium.JavascriptExecutor) browser.driver).executeScript("arguments[0].opened = false",
                browser.element("edit-user-tenants"));
        browser.waitUntil(d -> d.findElements(By.cssSelector("vaadin-multi-select-combo-box-item")).stream()
                .noneMatch(org.openqa.selenium.WebElement::isDisplayed), Duration.ofSeconds(10));
        browser.click("edit-user-save");

        // then
        browser.waitUntil(d -> users.list().stream().anyMatch(u -> u.username().equals("screens-editor")
                && u.tenants().containsAll(Set.of(TENANT, TENANT + "-b"))), Duration.ofSeconds(10));
        assertThat(users.loadUserByUsername("screens-editor").getPassword()).isNotBlank();
        assertThat(passwords.matches("second-password-2", users.loadUserByUsername("screens-editor").getPassword())).isTrue();
        browser.screenshot("43-user-edited");
    }

    @Autowired
    PasswordEncoder passwords;

    private HealthBand band(String metric) {
        return health.bands(TENANT).stream().filter(b -> b.metric().equals(metric)).findFirst().orElseThrow();
    }
}

package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.corrigo.server.connector.Connectors;
import io.corrigo.server.knowledge.DocumentView;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.tenant.TenantService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * An admin adds a folder connector in the Connectors view (kind, named with what it does; name; the kind's own
 * settings, one required mark each), syncs it, and reads the outcome in the grid: counts of the last sync that add up,
 * its collections; edits it (schedule, readers) without re-creating it; then the error of a sync whose folder is gone.
 */
class ConnectorsBrowserTest extends UiTestBase {

    private static final String TENANT = "ui-connectors";

    @Autowired
    TenantService tenants;
    @Autowired
    Connectors connectors;
    @Autowired
    IngestionService ingestion;

    @Test
    void an_admin_adds_a_folder_connector_syncs_it_and_sees_its_counts_and_errors() throws Exception {
        tenants.create(TENANT, "Connector office");
        Path folder = Files.createDirectories(connectors.folders().get(0).resolve("ui-handbook"));
        Files.writeString(folder.resolve("leave.md"), "# Leave\n\nEmployees receive 25 days of annual leave.\n");
        Files.writeString(folder.resolve("travel.md"), "# Travel\n\nEmployees book trains for trips under 500 km.\n");
        Browser browser = adminBrowser();

        browser.open("/connectors?tenant=" + TENANT);
        browser.choose("connector-kind", "folder");
        assertThat(browser.text("connector-kind")).as("the kind says what it does")
                .contains("folder · Keeps a knowledge base in step with a folder on the server");
        assertThat(browser.element("connector-path").getDomProperty("label")).as("one required mark: the field's own")
                .doesNotContain("*");
        assertThat(browser.element("connector-schedule").getDomProperty("placeholder")).isEqualTo("on demand");
        browser.type("connector-name", "handbook");
        browser.type("connector-path", folder.toString());
        browser.type("connector-groups", "hr");
        browser.type("connector-collections", "policies");
        browser.click("create-connector");
        browser.waitUntil(d -> !d.findElements(By.id("sync-handbook")).isEmpty(), Duration.ofSeconds(10));
        browser.click("sync-handbook");
        browser.waitUntil(d -> !d.findElements(By.id("counts-handbook")).isEmpty()
                && d.findElement(By.id("counts-handbook")).getText().contains("2 indexed"), Duration.ofSeconds(60));
        browser.screenshot("connectors-synced");

        assertThat(browser.text("counts-handbook")).startsWith("2 found: 2 indexed (new or changed), 0 unchanged")
                .contains("0 removed");
        assertThat(browser.text("connectors")).contains("folder").contains("hr").contains("collections policies").contains("OK");

        // a second sync of the same files: everything found is unchanged
        browser.click("sync-handbook");
        browser.waitUntil(d -> d.findElement(By.id("counts-handbook")).getText().contains("2 unchanged"), Duration.ofSeconds(60));
        assertThat(browser.text("counts-handbook")).startsWith("2 found: 0 indexed (new or changed), 2 unchanged");

        // edited in place: a schedule and another reader group, the kind fixed
        browser.click("edit-handbook");
        browser.waitUntil(d -> !d.findElements(By.id("edit-connector-schedule")).isEmpty(), Duration.ofSeconds(10));
        assertThat(browser.element("edit-connector-kind").getDomProperty("readonly")).isEqualTo("true");
        assertThat(browser.element("edit-connector-path").getDomProperty("value")).isEqualTo(folder.toString());
        browser.type("edit-connector-schedule", "0 0 3 * * *");
        browser.type("edit-connector-groups", "hr, managers");
        browser.screenshot("connectors-edit");
        browser.click("save-connector");
        browser.waitUntil(d -> d.findElements(By.id("edit-connector")).isEmpty(), Duration.ofSeconds(10));
        assertThat(browser.text("connectors")).contains("0 0 3 * * * (next ").contains("hr, managers");
        assertThat(connectors.list(TENANT).get(0).groups()).containsExactly("hr", "managers");

        // the audit log names who synced, and the documents a sync uploaded are that admin's, not the host's
        browser.open("/audit");
        browser.type("audit-tenant", TENANT);
        browser.waitUntil(d -> browser.text("audit-grid").contains("Connector · sync started"), Duration.ofSeconds(10));
        String audit = browser.text("audit-grid");
        assertThat(audit).contains("Connector · created", "Connector · changed").doesNotContain("connector.sync");
        browser.choose("audit-action", "Document");
        browser.waitUntil(d -> !browser.text("audit-grid").contains("Connector"), Duration.ofSeconds(10));
        assertThat(browser.text("audit-grid")).contains("Document · uploaded", "admin").doesNotContain("system");
        browser.screenshot("connectors-audit");
        assertThat(ingestion.list(TENANT)).extracting(DocumentView::name)
                .containsExactlyInAnyOrder("handbook/leave.md", "handbook/travel.md");

        // the folder goes away: the next sync fails, says why, and removes nothing
        browser.open("/connectors?tenant=" + TENANT);
        Files.delete(folder.resolve("leave.md"));
        Files.delete(folder.resolve("travel.md"));
        Files.delete(folder);
        browser.click("sync-handbook");
        browser.waitUntil(d -> !d.findElements(By.id("error-handbook")).isEmpty(), Duration.ofSeconds(60));
        browser.screenshot("connectors-failed");
        assertThat(browser.text("error-handbook")).contains("does not exist");
        assertThat(browser.text("connectors")).contains("FAILED");
        assertThat(ingestion.list(TENANT)).hasSize(2);
    }
}

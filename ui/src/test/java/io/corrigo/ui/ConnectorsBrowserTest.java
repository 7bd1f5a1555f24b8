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
 * An admin adds a folder connector in the Connectors view (kind, name, the kind's own settings), syncs it, and reads
 * the outcome in the grid: counts of the last sync, then the error of a sync whose folder is gone.
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
        browser.type("connector-name", "handbook");
        browser.type("connector-path", folder.toString());
        browser.type("connector-groups", "hr");
        browser.click("create-connector");
        browser.waitUntil(d -> !d.findElements(By.id("sync-handbook")).isEmpty(), Duration.ofSeconds(10));
        browser.click("sync-handbook");
        browser.waitUntil(d -> !d.findElements(By.id("counts-handbook")).isEmpty()
                && d.findElement(By.id("counts-handbook")).getText().contains("2 indexed"), Duration.ofSeconds(60));
        browser.screenshot("connectors-synced");

        assertThat(browser.text("counts-handbook")).contains("2 listed").contains("2 fetched").contains("2 indexed");
        assertThat(browser.text("connectors")).contains("folder").contains("hr").contains("OK");
        assertThat(ingestion.list(TENANT)).extracting(DocumentView::name)
                .containsExactlyInAnyOrder("handbook/leave.md", "handbook/travel.md");

        // the folder goes away: the next sync fails, says why, and removes nothing
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

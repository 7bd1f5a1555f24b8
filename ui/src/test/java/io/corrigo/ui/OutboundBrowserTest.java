package io.corrigo.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.corrigo.server.connector.ConnectorSync;
import io.corrigo.server.connector.Connectors;
import io.corrigo.server.knowledge.DocumentView;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.outbound.OutboundAllowList;
import io.corrigo.server.tenant.TenantService;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A platform admin allows an intranet address in the Outbound addresses view: saved, audited, and a website connector
 * on that address, refused before, is saved and syncs at once — no restart.
 */
class OutboundBrowserTest extends UiTestBase {

    private static final String TENANT = "ui-intranet";

    @Autowired
    TenantService tenants;
    @Autowired
    Connectors connectors;
    @Autowired
    ConnectorSync sync;
    @Autowired
    IngestionService ingestion;
    @Autowired
    OutboundAllowList allowList;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void should_allow_an_intranet_address_from_the_screen__audited__and_crawl_it_without_a_restart() throws Exception {
        // given: an intranet page on a loopback address the host configuration does not allow (it allows 127.0.0.1)
        HttpServer intranet = HttpServer.create(new InetSocketAddress("127.0.0.2", 0), 0);
        intranet.createContext("/", exchange -> {
            boolean home = exchange.getRequestURI().getPath().equals("/");
            byte[] body = (home ? "<html><head><title>VPN</title></head><body><h1>VPN</h1><p>VPN sessions end "
                    + "automatically after 10 hours.</p></body></html>" : "").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(home ? 200 : 404, home ? body.length : -1);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        intranet.start();
        try {
            tenants.create(TENANT, "Intranet");
            String start = "http://127.0.0.2:" + intranet.getAddress().getPort() + "/";
            Connectors.Definition website = new Connectors.Definition("intranet", "website", Map.of("startUrl", start),
                    null, null, List.of(), List.of());
            assertThatThrownBy(() -> connectors.create(TENANT, website)).satisfies(e -> assertThat(
                    ((io.corrigo.server.problem.ServiceException) e).details().toString()).contains("loopback")
                    .contains("Outbound addresses"));

            // when: the platform admin allows it on the screen, with a reason
            Browser browser = adminBrowser();
            browser.open("/outbound");
            assertThat(browser.text("outbound-configured")).contains("127.0.0.1");
            browser.type("outbound-entry", "not an address!");
            browser.click("outbound-allow");
            assertThat(browser.fieldError("outbound-entry")).contains("neither a host name");
            browser.type("outbound-entry", "127.0.0.2");
            browser.type("outbound-note", "the staff intranet");
            browser.click("outbound-allow");
            browser.waitUntil(d -> browser.text("outbound-grid").contains("127.0.0.2"), Duration.ofSeconds(10));
            browser.screenshot("44-outbound-addresses");

            // then: audited, and the connector is saved and syncs at once
            assertThat(allowList.list()).extracting(OutboundAllowList.Entry::entry).containsExactly("127.0.0.2");
            assertThat(jdbc.queryForList("SELECT action FROM audit_event WHERE target = '127.0.0.2'", String.class))
                    .containsExactly("outbound.allow");
            var created = connectors.create(TENANT, website);
            sync.start(TENANT, created.id());
            browser.waitUntil(d -> ingestion.list(TENANT).stream().map(DocumentView::status).anyMatch("INDEXED"::equals),
                    Duration.ofSeconds(60));

            // and removing it refuses the address again
            browser.click("outbound-remove-127.0.0.2");
            browser.click("confirm-button");
            browser.waitUntil(d -> allowList.list().isEmpty(), Duration.ofSeconds(10));
            assertThatThrownBy(() -> connectors.create(TENANT, new Connectors.Definition("again", "website",
                    Map.of("startUrl", start), null, null, List.of(), List.of()))).satisfies(e -> assertThat(
                    ((io.corrigo.server.problem.ServiceException) e).details().toString()).contains("loopback"));
        } finally {
            intranet.stop(0);
        }
    }
}

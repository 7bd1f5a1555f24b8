package io.corrigo.plugins.connectors;

import static io.corrigo.testsupport.StaticSite.html;

import io.corrigo.api.Connector;
import io.corrigo.api.PluginFactory;
import io.corrigo.testkit.ConnectorContract;
import io.corrigo.testsupport.StaticSite;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The website connector against a real web server on 127.0.0.1 (ETags, 304s, robots.txt, a sitemap). */
class WebsiteConnectorContractTest extends ConnectorContract {

    private StaticSite site;

    @BeforeEach
    void site() throws Exception {
        site = new StaticSite()
                .page("/", html("Handbook", "Start here.", "/leave", "/travel"))
                .page("/leave", html("Leave", "Employees receive 25 days of annual leave.", "/"))
                .page("/travel", html("Travel", "Book trains for trips under 500 km.", "/expenses"))
                .page("/expenses", html("Expenses", "Claim expenses within 30 days."))
                .file("/robots.txt", "text/plain", "User-agent: *\nDisallow: /private\n");
    }

    @AfterEach
    void stopSite() {
        site.close();
    }

    @Override
    protected PluginFactory<Connector> factory() {
        return new WebsiteConnectorFactory();
    }

    @Override
    protected Map<String, String> settings() {
        return Map.of("startUrl", site.url() + "/", "requestsPerSecond", "100");
    }

    @Override
    protected String changeOne() {
        site.page("/leave", html("Leave", "Employees receive 27 days of annual leave.", "/"));
        return site.url() + "/leave";
    }

    @Override
    protected String removeOne() {
        site.remove("/expenses");
        return site.url() + "/expenses";
    }
}

package io.corrigo.plugins.connectors;

import static io.corrigo.testsupport.StaticSite.html;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.api.Connector;
import io.corrigo.api.SourceItem;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.testkit.TestPluginContext;
import io.corrigo.testsupport.StaticSite;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WebsiteConnectorTest {

    @TempDir
    Path data;

    private Connector connector(String startUrl, Map<String, String> more) {
        WebsiteConnectorFactory factory = new WebsiteConnectorFactory();
        Map<String, String> settings = new LinkedHashMap<>(more);
        settings.put("startUrl", startUrl);
        settings.putIfAbsent("requestsPerSecond", "100");
        return factory.create(TestPluginContext.in(data), PluginConfig.resolve(factory.configProperties(), settings));
    }

    private static List<String> ids(List<SourceItem> items) {
        return items.stream().map(SourceItem::id).toList();
    }

    @Test
    void should_obey_robots_txt_stay_on_the_site_and_read_the_sitemap() throws Exception {
        try (StaticSite site = new StaticSite(); StaticSite other = new StaticSite()) {
            other.page("/", html("Elsewhere", "Another site."));
            site.page("/", html("Home", "Start.", "/a", "/private/salaries", other.url() + "/"))
                    .page("/a", html("A", "Page A."))
                    .page("/private/salaries", html("Salaries", "Secret."))
                    .page("/only-in-sitemap", html("Hidden", "Found through the sitemap."))
                    .file("/robots.txt", "text/plain", "User-agent: *\nDisallow: /private/\nSitemap: " + site.url() + "/map.xml\n")
                    .file("/map.xml", "application/xml", "<urlset><url><loc>" + site.url() + "/only-in-sitemap</loc></url></urlset>");

            List<SourceItem> items = connector(site.url() + "/", Map.of()).list(Map.of());

            assertThat(ids(items)).containsExactlyInAnyOrder(site.url() + "/", site.url() + "/a", site.url() + "/only-in-sitemap");
            assertThat(site.hits).noneMatch(h -> h.path().startsWith("/private"));
            assertThat(other.hits).as("another site is not crawled").isEmpty();
            assertThat(items).allSatisfy(i -> {
                assertThat(i.metadata()).containsEntry("source_url", i.id()).containsEntry("language", "en");
                assertThat(i.name()).endsWith(".html");
            });
        }
    }

    @Test
    void should_download_nothing_again_from_an_unchanged_site() throws Exception {
        try (StaticSite site = new StaticSite()) {
            site.page("/", html("Home", "Start.", "/a", "/b")).page("/a", html("A", "Page A.", "/b")).page("/b", html("B", "Page B."));
            Connector connector = connector(site.url() + "/", Map.of("sitemap", "false"));
            Map<String, String> versions = new LinkedHashMap<>();
            connector.list(Map.of()).forEach(i -> versions.put(i.id(), i.version()));
            long first = site.downloads();

            List<SourceItem> again = connector.list(versions);

            assertThat(first).isEqualTo(3);
            assertThat(site.downloads()).as("pages downloaded by the second crawl").isEqualTo(first);
            assertThat(ids(again)).containsExactlyInAnyOrderElementsOf(versions.keySet());
        }
    }

    @Test
    void should_stop_at_the_page_and_depth_limits_and_fail_when_the_site_is_down() throws Exception {
        try (StaticSite site = new StaticSite()) {
            site.page("/", html("Home", "Start.", "/1")).page("/1", html("1", "One.", "/2")).page("/2", html("2", "Two.", "/3"))
                    .page("/3", html("3", "Three."));
            assertThat(connector(site.url() + "/", Map.of("maxDepth", "2", "sitemap", "false")).list(Map.of())).hasSize(3);
            assertThat(connector(site.url() + "/", Map.of("maxPages", "2", "sitemap", "false")).list(Map.of())).hasSize(2);
        }
        assertThatThrownBy(() -> connector("http://127.0.0.1:9/", Map.of()).list(Map.of()))
                .hasMessageContaining("could not be reached");
    }
}

package io.corrigo.server.connector;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.server.knowledge.DocumentView;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.testsupport.StaticSite;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Crawls a 200-page static site on 127.0.0.1 (each page a passage of the benchmark corpus, linked to the next pages,
 * all in a sitemap) through the website connector into a fresh tenant, and prints the time until every page is indexed;
 * then syncs again with nothing changed and prints what was downloaded and indexed. A benchmark: it asserts nothing.
 * Run with {@code ./mvnw verify -pl platform/server -Dgroups=benchmark -Dbench.excluded= -Dtest=ConnectorCrawlBenchmark}
 * (under {@code taskset -c 0,1} for two cores).
 */
@Tag("benchmark")
@SpringBootTest
class ConnectorCrawlBenchmark {

    private static final int PAGES = 200;

    @Autowired
    TenantService tenants;
    @Autowired
    Connectors connectors;
    @Autowired
    ConnectorSync sync;
    @Autowired
    IngestionService ingestion;

    @DynamicPropertySource
    static void host(DynamicPropertyRegistry registry) throws Exception {
        Path data = Files.createTempDirectory(Path.of("target"), "crawl-bench").toAbsolutePath();
        registry.add("corrigo.data-dir", data::toString);
        registry.add("corrigo.plugins-dir", () -> Path.of("target", "plugins").toAbsolutePath().toString());
        registry.add("corrigo.demo.enabled", () -> "false");
        registry.add("corrigo.outbound.allow", () -> "127.0.0.1");
    }

    @Test
    void print_the_time_to_crawl_and_index_a_200_page_site_and_what_a_resync_costs() throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<String> texts = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("src/main/resources/demo/kb_passages.jsonl"), StandardCharsets.UTF_8)) {
            if (!line.isBlank() && texts.size() < PAGES) {
                texts.add(json.readTree(line).get("text").asText().replace("<", "&lt;"));
            }
        }
        try (StaticSite site = new StaticSite()) {
            StringBuilder sitemap = new StringBuilder("<urlset>");
            for (int i = 0; i < PAGES; i++) {
                List<String> links = new ArrayList<>();
                for (int k = 1; k <= 3; k++) {
                    links.add("/page-" + ((i + k) % PAGES));
                }
                site.page(i == 0 ? "/" : "/page-" + i, StaticSite.html("Page " + i, texts.get(i % texts.size()),
                        links.toArray(String[]::new)));
                sitemap.append("<url><loc>").append(site.url()).append(i == 0 ? "/" : "/page-" + i).append("</loc></url>");
            }
            site.file("/sitemap.xml", "application/xml", sitemap.append("</urlset>").toString());
            tenants.create("crawl", "Crawl benchmark");
            ConnectorView connector = connectors.create("crawl", new Connectors.Definition("site", "website",
                    Map.of("startUrl", site.url() + "/", "maxPages", String.valueOf(PAGES), "requestsPerSecond", "50"),
                    null, null, List.of(), List.of()));

            long start = System.nanoTime();
            sync.claim(connector);
            sync.run("crawl", connector.id());
            double listedAndSent = (System.nanoTime() - start) / 1e9;
            while (ingestion.list("crawl").stream().anyMatch(d -> !d.status().equals("INDEXED") && !d.status().equals("FAILED"))) {
                Thread.sleep(200);
            }
            double indexed = (System.nanoTime() - start) / 1e9;
            List<DocumentView> documents = ingestion.list("crawl");
            int chunks = documents.stream().mapToInt(DocumentView::chunkCount).sum();
            long downloads = site.downloads();

            long again = System.nanoTime();
            sync.claim(connectors.get("crawl", connector.id()));
            sync.run("crawl", connector.id());
            double resync = (System.nanoTime() - again) / 1e9;
            ConnectorView.Counts second = connectors.get("crawl", connector.id()).lastSync();

            String report = String.format(Locale.ROOT, "Website connector, %d pages on 127.0.0.1, %d cores, JDK %s%n"
                            + "  first sync: %d documents (%d chunks), %d pages downloaded; crawled and queued in %.1f s, "
                            + "all indexed in %.1f s%n"
                            + "  re-sync, nothing changed: %.1f s, %d pages downloaded, %d fetched, %d indexed, %d unchanged%n",
                    PAGES, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                    documents.size(), chunks, downloads, listedAndSent, indexed, resync, site.downloads() - downloads,
                    second.fetched(), second.indexed(), second.unchanged());
            System.out.print(report);
            Files.createDirectories(Path.of("target", "benchmarks"));
            Files.writeString(Path.of("target", "benchmarks", "connector-crawl.txt"), report);
        }
    }
}

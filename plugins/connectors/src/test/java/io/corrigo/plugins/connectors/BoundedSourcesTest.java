package io.corrigo.plugins.connectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.corrigo.api.SourceItem;
import io.corrigo.testsupport.EndlessServer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connectors read what a source sends up to their limit and no further: an endless page, a page that declares
 * 2 GiB, and the same as S3 objects (the S3 REST protocol on 127.0.0.1) are stopped there and named as too large,
 * while what is small is read.
 */
class BoundedSourcesTest {

    @Test
    void should_list_an_endless_and_a_2_gib_page_as_too_large_and_read_the_rest(@TempDir Path data) throws Exception {
        try (EndlessServer server = new EndlessServer()) {
            WebsiteConnector site = new WebsiteConnector(URI.create(server.url() + "/"), 10, 2, 100, false, true, data);

            List<SourceItem> items = site.list(Map.of());

            assertThat(items).extracting(SourceItem::id).containsExactlyInAnyOrder(server.url() + "/",
                    server.url() + "/endless", server.url() + "/huge", server.url() + "/fine");
            SourceItem endless = items.stream().filter(i -> i.id().endsWith("/endless")).findFirst().orElseThrow();
            assertThatThrownBy(() -> site.fetch(endless)).hasMessageContaining("/endless is larger than 10 MiB");
            SourceItem huge = items.stream().filter(i -> i.id().endsWith("/huge")).findFirst().orElseThrow();
            assertThatThrownBy(() -> site.fetch(huge)).hasMessageContaining("/huge is larger than 10 MiB");
            SourceItem fine = items.stream().filter(i -> i.id().endsWith("/fine")).findFirst().orElseThrow();
            assertThat(new String(site.fetch(fine).bytes())).contains("visitor car park");
            assertThat(server.sent()).as("bytes sent before the reader hung up").isLessThan(100L * 1024 * 1024);
        }
    }

    @Test
    void should_stop_reading_an_s3_object_that_is_endless_or_2_gib(@TempDir Path data) throws Exception {
        try (EndlessServer server = new EndlessServer();
             S3Connector bucket = new S3Connector("big", "", "us-east-1", server.url(), "k", "s", FileEndings.of(".txt"))) {

            List<SourceItem> items = bucket.list(Map.of());

            assertThat(items).extracting(SourceItem::id).containsExactly("endless.txt", "huge.txt");
            for (SourceItem item : items) {
                assertThatThrownBy(() -> bucket.fetch(item)).hasMessageContaining("s3://big/" + item.id()
                        + " is larger than 25 MiB");
            }
            assertThat(server.sent()).isLessThan(100L * 1024 * 1024);
            assertThat(Files.list(data)).isEmpty();
        }
    }
}

package io.corrigo.plugins.connectors;

import static org.assertj.core.api.Assertions.assertThat;

import com.adobe.testing.s3mock.S3MockApplication;
import io.corrigo.api.Connector;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.SourceItem;
import io.corrigo.testkit.ConnectorContract;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/** The S3 connector against S3Mock (the S3 wire protocol) on 127.0.0.1, a fresh bucket per test. */
class S3ConnectorContractTest extends ConnectorContract {

    private static S3MockApplication mock;
    private static S3Client client;
    private static int buckets;
    private String bucket;

    @BeforeAll
    static void start() {
        mock = S3MockApplication.start(new java.util.HashMap<>(Map.of(S3MockApplication.PROP_HTTP_PORT,
                S3MockApplication.RANDOM_PORT, S3MockApplication.PROP_HTTPS_PORT, S3MockApplication.RANDOM_PORT,
                S3MockApplication.PROP_SILENT, true, "server.address", "127.0.0.1")));
        client = S3Client.builder().region(Region.US_EAST_1).endpointOverride(URI.create(endpoint())).forcePathStyle(true)
                .httpClientBuilder(UrlConnectionHttpClient.builder())
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test"))).build();
    }

    private static String endpoint() {
        return "http://127.0.0.1:" + mock.getHttpPort();
    }

    @AfterAll
    static void stop() {
        client.close();
        mock.stop();
    }

    @BeforeEach
    void objects() {
        bucket = "handbook-" + (++buckets);
        client.createBucket(b -> b.bucket(bucket));
        put("docs/leave.md", "# Leave\n\nEmployees receive 25 days of annual leave.\n", null);
        put("docs/travel.md", "# Travel\n\nBook trains for trips under 500 km.\n", null);
        put("docs/salaries.md", "# Salaries\n\nSalaries are paid on the 25th.\n", "finance hr");
        put("docs/logo.png", "not indexed", null);
        put("other/outside.md", "# Outside\n\nNot under the prefix.\n", null);
    }

    private void put(String key, String text, String readers) {
        client.putObject(r -> {
            r.bucket(bucket).key(key).contentType("text/markdown");
            if (readers != null) {
                r.tagging(software.amazon.awssdk.services.s3.model.Tagging.builder().tagSet(
                        software.amazon.awssdk.services.s3.model.Tag.builder().key("corrigo-readers").value(readers).build())
                        .build());
            }
        }, RequestBody.fromString(text));
    }

    @Override
    protected PluginFactory<Connector> factory() {
        return new S3ConnectorFactory();
    }

    @Override
    protected Map<String, String> settings() {
        return Map.of("bucket", bucket, "prefix", "docs/", "endpoint", endpoint(), "accessKeyId", "test",
                "secretAccessKey", "test");
    }

    @Override
    protected String changeOne() {
        put("docs/leave.md", "# Leave\n\nEmployees receive 27 days of annual leave.\n", null);
        return "docs/leave.md";
    }

    @Override
    protected String removeOne() {
        client.deleteObject(r -> r.bucket(bucket).key("docs/travel.md"));
        return "docs/travel.md";
    }

    @Test
    void should_list_the_prefix_and_read_readers_from_an_objects_tag() {
        List<SourceItem> items = newInstance().list(Map.of());

        assertThat(items).extracting(SourceItem::id)
                .containsExactlyInAnyOrder("docs/leave.md", "docs/travel.md", "docs/salaries.md");
        assertThat(items).filteredOn(i -> i.id().equals("docs/salaries.md")).singleElement()
                .satisfies(i -> assertThat(i.readers()).containsExactlyInAnyOrder("finance", "hr"));
        assertThat(items).filteredOn(i -> i.id().equals("docs/leave.md")).singleElement()
                .satisfies(i -> {
                    assertThat(i.readers()).as("no tag: the connector's readers").isNull();
                    assertThat(i.metadata()).containsEntry("source_path", "s3://" + bucket + "/docs/leave.md").containsKey("updated");
                });
    }
}

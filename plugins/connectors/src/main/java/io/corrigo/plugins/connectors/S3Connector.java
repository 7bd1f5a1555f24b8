package io.corrigo.plugins.connectors;

import io.corrigo.api.Connector;
import io.corrigo.api.SourceContent;
import io.corrigo.api.SourceItem;
import io.corrigo.api.io.BoundedRead;
import io.corrigo.api.io.TooLargeException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.ResponseTransformer;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.model.Tag;

/**
 * The objects of a bucket under a prefix whose keys end in one of the included endings: an item's id is its key, its
 * version its ETag (the listing says it: nothing is downloaded to find out), its {@code updated} the last
 * modification. The readers of a new or changed object come from its {@code corrigo-readers} tag (groups separated by
 * spaces), read with the object's tags: a tag changed without the content is seen at the next change of the object.
 */
final class S3Connector implements Connector, AutoCloseable {

    static final String DEFAULT_INCLUDE = ".md,.markdown,.txt,.html,.htm,.pdf,.docx,.jsonl";
    static final String READERS_TAG = "corrigo-readers";
    /** The most one object may hold; reading stops there. */
    static final long MAX_BYTES = 25 * BoundedRead.MIB;
    /** The most one object's download may take. */
    static final Duration DEADLINE = Duration.ofMinutes(2);

    private final String bucket;
    private final String prefix;
    private final FileEndings include;
    private final S3Client s3;

    S3Connector(String bucket, String prefix, String region, String endpoint, String accessKeyId, String secretAccessKey,
                FileEndings include) {
        this.bucket = bucket;
        this.prefix = prefix;
        this.include = include;
        S3ClientBuilder builder = S3Client.builder().region(Region.of(region))
                .httpClientBuilder(UrlConnectionHttpClient.builder())
                .credentialsProvider(accessKeyId.isEmpty() ? DefaultCredentialsProvider.builder().build()
                        : StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKeyId, secretAccessKey)));
        if (!endpoint.isEmpty()) {
            builder.endpointOverride(URI.create(endpoint)).forcePathStyle(true);
        }
        this.s3 = builder.build();
    }

    @Override
    public List<SourceItem> list(Map<String, String> known) {
        List<SourceItem> items = new ArrayList<>();
        String token = null;
        do {
            ListObjectsV2Request.Builder request = ListObjectsV2Request.builder().bucket(bucket).prefix(prefix);
            if (token != null) {
                request.continuationToken(token);
            }
            ListObjectsV2Response page = s3.listObjectsV2(request.build());
            for (S3Object object : page.contents()) {
                String key = object.key();
                if (key.endsWith("/") || !include.matches(key) || object.size() > MAX_BYTES) {
                    continue;
                }
                String version = object.eTag();
                Map<String, String> metadata = new LinkedHashMap<>();
                metadata.put("source_path", "s3://" + bucket + "/" + key);
                if (object.lastModified() != null) {
                    metadata.put("updated", object.lastModified().atOffset(ZoneOffset.UTC).toLocalDate().toString());
                }
                Set<String> readers = version.equals(known.get(key)) ? null : readers(key);
                items.add(new SourceItem(key, key, version, metadata, readers));
            }
            token = Boolean.TRUE.equals(page.isTruncated()) ? page.nextContinuationToken() : null;
        } while (token != null);
        return items;
    }

    /** The groups an object's {@code corrigo-readers} tag names, or {@code null} when it has none. */
    private Set<String> readers(String key) {
        for (Tag tag : s3.getObjectTagging(r -> r.bucket(bucket).key(key)).tagSet()) {
            if (tag.key().equals(READERS_TAG)) {
                // decoded: some S3-compatible stores keep a tag set with x-amz-tagging as it was encoded on the wire
                String value = java.net.URLDecoder.decode(tag.value(), java.nio.charset.StandardCharsets.UTF_8);
                Set<String> groups = new LinkedHashSet<>(Arrays.asList(value.strip().split("\\s+")));
                groups.remove("");
                return groups;
            }
        }
        return null;
    }

    /**
     * The object's bytes, read as a stream with the limit enforced while reading: the listing's size is the store's
     * word, and an object larger than it said (or an endless body) is stopped at {@link #MAX_BYTES}, its connection
     * dropped instead of drained.
     */
    @Override
    public SourceContent fetch(SourceItem item) {
        String what = "s3://" + bucket + "/" + item.id();
        ResponseInputStream<GetObjectResponse> object = s3.getObject(r -> r.bucket(bucket).key(item.id()),
                ResponseTransformer.toInputStream());
        Long declared = object.response().contentLength();
        try {
            if (declared != null && declared > MAX_BYTES) {
                object.abort();
                throw new TooLargeException(what, MAX_BYTES);
            }
            byte[] bytes = BoundedRead.read(object, MAX_BYTES, DEADLINE, what, object::abort);
            return new SourceContent(bytes, object.response().contentType());
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        s3.close();
    }
}

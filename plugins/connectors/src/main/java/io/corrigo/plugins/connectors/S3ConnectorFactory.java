package io.corrigo.plugins.connectors;

import io.corrigo.api.Connector;
import io.corrigo.api.ConnectorFactory;
import io.corrigo.api.PluginContext;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.pf4j.Extension;

/** Registers the S3-compatible bucket connector. */
@Extension
public class S3ConnectorFactory implements ConnectorFactory {

    public static final String ID = "s3";
    private static final Pattern BUCKET = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Keeps a knowledge base in step with the objects of an S3 bucket (AWS, or an S3-compatible store such as "
                + "MinIO or Ceph through its endpoint): an object's ETag is its version, so only new and changed objects "
                + "are downloaded; an object tagged corrigo-readers (groups separated by spaces) is readable by those "
                + "groups only.";
    }

    @Override
    public List<ConfigProperty> configProperties() {
        return List.of(
                ConfigProperty.string("bucket", "Bucket", null).asRequired(),
                ConfigProperty.string("prefix", "Prefix", "").withDescription("Only keys starting with it, e.g. handbook/."),
                ConfigProperty.string("region", "Region", "us-east-1"),
                ConfigProperty.string("endpoint", "Endpoint", "")
                        .withDescription("An S3-compatible store's address (http:// or https://); empty: AWS."),
                ConfigProperty.string("accessKeyId", "Access key id", ""),
                ConfigProperty.string("secretAccessKey", "Secret access key", "").asSecret(),
                ConfigProperty.string("include", "File types", S3Connector.DEFAULT_INCLUDE)
                        .withDescription("Key endings to index, separated by commas."));
    }

    @Override
    public List<String> problems(PluginConfig config) {
        List<String> problems = new ArrayList<>();
        String bucket = config.string("bucket").orElse("");
        if (!BUCKET.matcher(bucket).matches()) {
            problems.add("bucket: 3-63 lower-case letters, digits, '.' and '-', not '" + bucket + "'");
        }
        String endpoint = config.string("endpoint").orElse("");
        if (!endpoint.isEmpty()) {
            try {
                URI uri = URI.create(endpoint);
                if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
                    problems.add("endpoint: an http:// or https:// address, not '" + endpoint + "'");
                }
            } catch (IllegalArgumentException e) {
                problems.add("endpoint: not an address ('" + endpoint + "')");
            }
        }
        if (config.string("accessKeyId").orElse("").isEmpty() != config.string("secretAccessKey").orElse("").isEmpty()) {
            problems.add("secretAccessKey: give both the access key id and the secret access key, or neither (the host's "
                    + "default credentials)");
        }
        return problems;
    }

    @Override
    public Connector create(PluginContext context, PluginConfig config) {
        return new S3Connector(config.string("bucket").orElseThrow(), config.string("prefix").orElse(""),
                config.string("region").orElse("us-east-1"), config.string("endpoint").orElse(""),
                config.string("accessKeyId").orElse(""), config.string("secretAccessKey").orElse(""),
                FileEndings.of(config.string("include").orElse(S3Connector.DEFAULT_INCLUDE)));
    }
}

package io.corrigo.server;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Host settings under {@code corrigo.*}.
 *
 * @param dataDir      where the H2 database and every tenant's plugin data live
 * @param pluginsDir   the PF4J plugins directory; empty means "plugins" beside the server jar
 * @param maxQueryChars the longest question accepted
 * @param demo         the demo tenant
 * @param runs         the run log
 * @param security     the first platform admin
 */
@ConfigurationProperties("corrigo")
public record CorrigoProperties(@DefaultValue("./data") Path dataDir, Path pluginsDir,
                                @DefaultValue("2000") int maxQueryChars, @DefaultValue Demo demo,
                                @DefaultValue Runs runs, @DefaultValue Security security) {

    /**
     * @param adminUsername the platform admin created on first start (when there are no users yet)
     * @param adminPassword its password; empty means: generate one and print it once in the log
     */
    public record Security(@DefaultValue("admin") String adminUsername, String adminPassword) {
    }

    /** @param retentionDays runs older than this are pruned daily */
    public record Runs(@DefaultValue("90") int retentionDays) {
    }

    /**
     * @param enabled whether the demo tenant is created (with its corpus) on first start
     * @param tenant  its id
     */
    public record Demo(@DefaultValue("true") boolean enabled, @DefaultValue("demo") String tenant) {
    }
}

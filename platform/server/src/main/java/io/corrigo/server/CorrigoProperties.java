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
 * @param mode         {@code demo} (the default: unsigned plugins allowed, a master key generated when none is given)
 *                     or {@code production} (signed plugins only unless allowed, a master key required)
 * @param plugins      plugin uploads and trust
 * @param secrets      how secret plugin settings are encrypted at rest
 */
@ConfigurationProperties("corrigo")
public record CorrigoProperties(@DefaultValue("./data") Path dataDir, Path pluginsDir,
                                @DefaultValue("2000") int maxQueryChars, @DefaultValue Demo demo,
                                @DefaultValue Runs runs, @DefaultValue Security security,
                                @DefaultValue("demo") Mode mode, @DefaultValue Plugins plugins,
                                @DefaultValue Secrets secrets) {

    /** How strict the host is about what it runs and keeps. */
    public enum Mode {
        /** Evaluation and development: forgiving defaults. */
        DEMO,
        /** Serving users: signed plugins only (unless allowed), a master key from the environment. */
        PRODUCTION
    }

    /**
     * @param allowUnsigned      whether plugins without a trusted signature may be installed and started; empty means
     *                           {@code true} in demo mode and {@code false} in production mode
     * @param trustStore         a PKCS#12 or JKS file with the certificates whose signatures are trusted; empty: none
     * @param trustStorePassword its password
     * @param maxFileMegabytes   the largest plugin file accepted
     * @param callTimeoutMillis  how long one call of an in-process plugin may take before the run goes on without it
     * @param inline             the plugins (by id) trusted to run their in-process calls on the query's own thread,
     *                           without a hand-over to a call thread: the shipped ones by default. Their deadline is
     *                           kept by interrupting the call; a plugin that ignores interrupts would hold its query
     *                           past the deadline, so list only plugins you trust. Empty: every call on a call thread.
     * @param trusted            the plugins (by id) that run in the host's JVM whatever their signature: the shipped
     *                           ones by default. Every other plugin not signed by a certificate of the trust store runs
     *                           in a plugin runner of its own ({@code corrigo.plugins.runner.*})
     * @param runner             how untrusted plugins run
     */
    public record Plugins(Boolean allowUnsigned, Path trustStore, String trustStorePassword,
                          @DefaultValue("25") int maxFileMegabytes, @DefaultValue("10000") int callTimeoutMillis,
                          @DefaultValue({"lucene-retriever", "lightweight-evaluator", "extractive-generator",
                                  "local-corpus-search", "pii-guardrail"}) java.util.List<String> inline,
                          @DefaultValue({"lucene-retriever", "lightweight-evaluator", "extractive-generator",
                                  "local-corpus-search", "web-search", "llm", "opensearch-retriever",
                                  "pgvector-retriever", "pii-guardrail", "connectors"}) java.util.List<String> trusted,
                          @DefaultValue Runner runner) {
    }

    /**
     * @param enabled          whether untrusted plugins run out of process ({@code false}: every plugin runs in the
     *                         host's JVM, as before 1.6; only for development)
     * @param heapMegabytes    the heap cap of each runner JVM
     * @param callTimeoutMillis how long the host waits for one call of a plugin in its runner
     * @param cpuMillisPerCall the CPU time one call may use; a call over it ends its runner, which is started again
     * @param healthSeconds    how often each runner is asked whether it answers
     * @param confinement      {@code bubblewrap} (default): each runner in its own namespaces (mount, PID, network, IPC,
     *                         user) as an unprivileged user, untrusted plugins refused where that cannot be done;
     *                         {@code none}: the JVM's checks alone (an explicit opt-out)
     * @param userId           the user a host running as root starts runners as (never 0)
     * @param groupId          the group a host running as root starts runners as (never 0)
     */
    public record Runner(@DefaultValue("true") boolean enabled, @DefaultValue("256") int heapMegabytes,
                         @DefaultValue("30000") int callTimeoutMillis, @DefaultValue("20000") long cpuMillisPerCall,
                         @DefaultValue("10") int healthSeconds, @DefaultValue("bubblewrap") String confinement,
                         @DefaultValue("65534") int userId, @DefaultValue("65534") int groupId,
                         @DefaultValue("4096") int maxProcesses) {
    }

    /**
     * @param masterKey a base64-encoded 256-bit AES key ({@code CORRIGO_MASTER_KEY}); empty: in demo mode one is
     *                  generated and kept in {@code <data-dir>/master.key}, in production mode the host refuses to start
     */
    public record Secrets(String masterKey) {
    }

    /** Whether unsigned plugins may run, with the mode's default when not set. */
    public boolean allowUnsignedPlugins() {
        return plugins.allowUnsigned() != null ? plugins.allowUnsigned() : mode == Mode.DEMO;
    }

    /**
     * @param adminUsername the platform admin created on first start (when there are no users yet)
     * @param adminPassword its password; empty means: generate one and print it once in the log
     * @param apiBasic      whether the REST API takes HTTP Basic with an admin's password beside API tokens
     *                      ({@code CORRIGO_SECURITY_API_BASIC=false}: tokens only)
     * @param localPasswords whether admins may sign in with a Corrigo password at all (the UI's form, HTTP Basic);
     *                      {@code CORRIGO_SECURITY_LOCAL_PASSWORDS=false} leaves single sign-on and API tokens
     */
    public record Security(@DefaultValue("admin") String adminUsername, String adminPassword,
                           @DefaultValue("true") boolean apiBasic, @DefaultValue("true") boolean localPasswords) {
    }

    /**
     * @param retentionDays      runs older than this are pruned daily
     * @param playgroundInHealth whether an admin's playground runs count in the health figures (off: they are
     *                           trials, not traffic; they stay in the run log and their model spend counts)
     */
    public record Runs(@DefaultValue("90") int retentionDays, @DefaultValue("false") boolean playgroundInHealth) {
    }

    /**
     * @param enabled whether the demo tenant is created (with its corpus) on first start
     * @param tenant  its id
     */
    public record Demo(@DefaultValue("true") boolean enabled, @DefaultValue("demo") String tenant) {
    }
}

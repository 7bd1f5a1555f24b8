package io.corrigo.server.plugin;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What this host trusts each plugin to do: the verdict on its file (SHA-256, signer, a problem that keeps it from
 * running) and whether it runs in this JVM or in a runner of its own. A plugin runs in this JVM when runners are off,
 * when it is listed as trusted, or when its file is signed by a certificate of the trust store.
 */
final class TrustVerdicts {

    private static final Logger log = LoggerFactory.getLogger(TrustVerdicts.class);

    private final PluginTrust trust;
    private final Set<String> trustedIds;
    private final boolean runners;
    private final Map<String, PluginTrust.Verdict> verdicts = new ConcurrentHashMap<>();

    TrustVerdicts(PluginTrust trust, Collection<String> trustedIds, boolean runners) {
        this.trust = trust;
        this.trustedIds = Set.copyOf(trustedIds);
        this.runners = runners;
    }

    boolean allowUnsigned() {
        return trust.allowUnsigned();
    }

    /** The plugins (by id) trusted to run in this JVM whatever their signature. */
    List<String> trusted() {
        return trustedIds.stream().sorted().toList();
    }

    /** Whether {@code pluginId} is listed as trusted. */
    boolean listed(String pluginId) {
        return trustedIds.contains(pluginId);
    }

    /** Checks and remembers the verdict on a loaded plugin's file; {@code null} for an unpacked directory it allows. */
    PluginTrust.Verdict judge(PluginWrapper plugin) {
        Optional<Path> file = fileOf(plugin);
        if (file.isEmpty()) {
            if (!trust.allowUnsigned()) {
                verdicts.put(plugin.getPluginId(), new PluginTrust.Verdict(null, null, false,
                        "it is an unpacked directory, which cannot be signed; this host runs signed plugin files only"));
                return verdicts.get(plugin.getPluginId());
            }
            return null;
        }
        PluginTrust.Verdict verdict = trust.check(file.get());
        verdicts.put(plugin.getPluginId(), verdict);
        if (verdict.problem() != null) {
            log.warn("Plugin {} is not started: {}", plugin.getPluginId(), verdict.problem());
        }
        return verdict;
    }

    /** The verdict on a plugin file before it is loaded (not remembered). */
    PluginTrust.Verdict check(Path file) {
        return trust.check(file);
    }

    void remember(String pluginId, PluginTrust.Verdict verdict) {
        verdicts.put(pluginId, verdict);
    }

    void forget(String pluginId) {
        verdicts.remove(pluginId);
    }

    /** The remembered verdict, or {@code null}. */
    PluginTrust.Verdict verdict(String pluginId) {
        return verdicts.get(pluginId);
    }

    /** Why the plugin may not run, or {@code null}. */
    String problem(String pluginId) {
        PluginTrust.Verdict verdict = verdicts.get(pluginId);
        return verdict == null ? null : verdict.problem();
    }

    /**
     * Whether {@code pluginId} runs in a runner: runners are on, the plugin is not in the trusted list, and its file is
     * not signed by a certificate of the trust store.
     */
    boolean isolated(String pluginId) {
        if (!runners || trustedIds.contains(pluginId)) {
            return false;
        }
        PluginTrust.Verdict verdict = verdicts.get(pluginId);
        return verdict == null || !verdict.trusted();
    }

    /** The plugin's file: the zip PF4J unpacked, or the jar itself. */
    static Optional<Path> fileOf(PluginWrapper plugin) {
        Path path = plugin.getPluginPath();
        if (Files.isRegularFile(path)) {
            return Optional.of(path);
        }
        for (String ending : List.of(".zip", ".ZIP", ".Zip")) {
            Path zip = path.resolveSibling(path.getFileName() + ending);
            if (Files.isRegularFile(zip)) {
                return Optional.of(zip);
            }
        }
        return Optional.empty();
    }
}

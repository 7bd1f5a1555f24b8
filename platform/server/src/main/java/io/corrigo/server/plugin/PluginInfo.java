package io.corrigo.server.plugin;

import io.corrigo.server.plugin.runner.PluginRunner;
import java.util.List;

/**
 * A plugin as the host sees it.
 *
 * @param id          plugin id
 * @param version     plugin version
 * @param provider    who made it
 * @param description what it is
 * @param requires    the API versions it requires
 * @param state       PF4J state (STARTED, DISABLED, FAILED, ...)
 * @param factories   the factories it offers, as {@code kind:factoryId}
 * @param error       why it failed to load or start, or {@code null}
 * @param sha256      hex SHA-256 of its plugin file, or {@code null} (an unpacked directory, a file that did not load)
 * @param signedBy    the subject of the certificate that signed the file (marked "(not trusted)" when it is not in
 *                    the platform's trust store), or {@code null} when unsigned
 * @param isolation   {@link #IN_PROCESS} (trusted: in the host's JVM) or {@link #RUNNER} (in a plugin runner of its
 *                    own); {@code null} for a file that did not load
 * @param outboundHosts the hosts it declares it connects to; in a runner, the only ones it can reach
 * @param runner      its runner's state, or {@code null} when it has none running
 */
public record PluginInfo(String id, String version, String provider, String description, String requires,
                         String state, List<String> factories, String error, String sha256, String signedBy,
                         String isolation, List<String> outboundHosts, PluginRunner.Status runner) {

    /** Runs in the host's JVM. */
    public static final String IN_PROCESS = "in-process";
    /** Runs in a plugin runner. */
    public static final String RUNNER = "runner";

    /** This plugin without its runner's passing state (process id, restarts): what an admin changed, for the audit log. */
    public PluginInfo withoutRunnerState() {
        return new PluginInfo(id, version, provider, description, requires, state, factories, error, sha256, signedBy,
                isolation, outboundHosts, null);
    }
}

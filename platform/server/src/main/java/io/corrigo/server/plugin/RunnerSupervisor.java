package io.corrigo.server.plugin;

import io.corrigo.api.PluginFactory;
import io.corrigo.server.plugin.runner.PluginRunner;
import io.corrigo.server.plugin.runner.PluginRunnerException;
import io.corrigo.server.plugin.runner.RunnerSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import org.pf4j.PluginState;
import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugin runners of untrusted plugins: one supervised JVM per plugin, started, stopped, replaced and asked for its
 * factories here, and why a runner did not start. A plugin PF4J has loaded but not started ({@code RESOLVED}) counts
 * as started while its runner runs.
 */
final class RunnerSupervisor {

    private static final Logger log = LoggerFactory.getLogger(RunnerSupervisor.class);

    /** How untrusted plugins run; {@code null}: every plugin runs in this JVM. */
    private final RunnerSettings settings;
    private final Map<String, PluginRunner> runners = new ConcurrentHashMap<>();
    private final Map<String, String> failures = new ConcurrentHashMap<>();
    /** The outbound hosts each loaded plugin folder declares, read once between two plugin changes. */
    private final Map<Path, List<String>> declaredHosts = new ConcurrentHashMap<>();

    RunnerSupervisor(RunnerSettings settings) {
        this.settings = settings;
    }

    /** Whether untrusted plugins run in runners at all. */
    boolean enabled() {
        return settings != null;
    }

    /** Starts a runner for {@code plugin} (replacing one it had): STARTED, or FAILED with the reason kept. */
    PluginState start(PluginWrapper plugin) {
        String pluginId = plugin.getPluginId();
        try {
            List<String> hosts = PluginFile.outboundHosts(plugin.getPluginPath()); // this file's, not a cached one
            declaredHosts.put(plugin.getPluginPath(), hosts);
            PluginRunner runner = PluginRunner.start(pluginId, plugin.getPluginPath(), hosts, settings);
            failures.remove(pluginId);
            closeQuietly(runners.put(pluginId, runner));
            return PluginState.STARTED;
        } catch (PluginRunnerException e) {
            log.error("Plugin {} did not start in its runner: {}", pluginId, e.getMessage());
            failures.put(pluginId, "did not start in its runner: " + e.getMessage());
            return PluginState.FAILED;
        }
    }

    /** Stops the runner of {@code pluginId}, if it has one, and forgets why one did not start. */
    void stop(String pluginId) {
        closeQuietly(runners.remove(pluginId));
        failures.remove(pluginId);
    }

    /** Takes the runner of {@code pluginId} out of service without stopping it (an upgrade stops it once done). */
    PluginRunner detach(String pluginId) {
        return runners.remove(pluginId);
    }

    /** Forgets why {@code pluginId}'s runner did not start. */
    void forgetFailure(String pluginId) {
        failures.remove(pluginId);
    }

    boolean running(String pluginId) {
        return runners.containsKey(pluginId);
    }

    /** Why {@code pluginId}'s runner did not start, or {@code null}. */
    String failure(String pluginId) {
        return failures.get(pluginId);
    }

    /** The runner's status, or {@code null} for a plugin without one. */
    PluginRunner.Status status(String pluginId) {
        PluginRunner runner = runners.get(pluginId);
        return runner == null ? null : runner.status();
    }

    /** Every runner's factories, by plugin id. */
    void forEachFactory(BiConsumer<String, PluginFactory<?>> each) {
        runners.forEach((pluginId, runner) -> runner.factories().forEach(factory -> each.accept(pluginId, factory)));
    }

    /** The outbound hosts {@code plugin}'s file declares (read once between two plugin changes). */
    List<String> outboundHosts(PluginWrapper plugin) {
        return declaredHosts.computeIfAbsent(plugin.getPluginPath(), PluginFile::outboundHosts);
    }

    /** After a plugin change: a folder may now hold another file of the same name. */
    void forgetDeclaredHosts() {
        declaredHosts.clear();
    }

    /** Stops every runner that holds {@code tenantId}'s instances and deletes its folders (the tenant is deleted). */
    void forgetTenant(String tenantId) {
        runners.values().forEach(runner -> runner.forgetTenant(tenantId));
    }

    /** Stops every runner (the host stops). */
    void stopAll() {
        runners.values().forEach(PluginRunner::close);
        runners.clear();
    }

    static void closeQuietly(PluginRunner runner) {
        if (runner != null) {
            runner.close();
        }
    }
}

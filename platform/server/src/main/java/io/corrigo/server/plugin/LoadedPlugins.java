package io.corrigo.server.plugin;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.api.PluginFactory;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.server.problem.ServiceException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.pf4j.PluginState;
import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugins PF4J has loaded from the plugins directory, as this host runs them: loading and starting each (in this
 * JVM, or in a runner when it is not trusted), and reading their state, error and factories. Not locked itself: the
 * callers hold the lifecycle lock ({@link PluginLifecycle}).
 */
final class LoadedPlugins {

    private static final Logger log = LoggerFactory.getLogger(LoadedPlugins.class);

    private final ReportingPluginManager manager;
    private final String apiVersion;
    private final TrustVerdicts verdicts;
    private final RunnerSupervisor runners;

    LoadedPlugins(ReportingPluginManager manager, String apiVersion, TrustVerdicts verdicts, RunnerSupervisor runners) {
        this.manager = manager;
        this.apiVersion = apiVersion;
        this.verdicts = verdicts;
        this.runners = runners;
    }

    ReportingPluginManager manager() {
        return manager;
    }

    String apiVersion() {
        return apiVersion;
    }

    /** Loads and starts every plugin of {@code directory}; one that fails is logged and listed, the others go on. */
    void loadAll(Path directory) {
        try {
            manager.loadPlugins();
        } catch (RuntimeException e) {
            log.error("Loading plugins from {} failed: {}", directory, e.getMessage(), e);
        }
        for (PluginWrapper plugin : manager.getPlugins()) {
            PluginTrust.Verdict verdict = verdicts.judge(plugin);
            if (verdict != null && verdict.problem() != null) {
                continue;
            }
            try {
                start(plugin.getPluginId());
            } catch (RuntimeException e) {
                log.error("Plugin {} failed to start: {}", plugin.getPluginId(), e.getMessage(), e);
            }
        }
        for (PluginInfo info : infos()) {
            if ("STARTED".equals(info.state())) {
                log.info("Plugin {} {} started {} ({}): {}", info.id(), info.version(), info.isolation(),
                        info.signedBy() == null ? "unsigned" : "signed by " + info.signedBy(), info.factories());
            } else {
                log.warn("Plugin {} {} is {}: {}", info.id(), info.version(), info.state(), info.error());
            }
        }
        log.info("{} plugin(s) from {} (plugin API {}, unsigned plugins {})", manager.getPlugins().size(), directory,
                apiVersion, verdicts.allowUnsigned() ? "allowed" : "refused");
    }

    /**
     * Starts a loaded plugin: in this JVM, or in a runner of its own when it is not trusted. A plugin PF4J would not
     * start (its API requirement not met, a dependency missing, disabled) is not started in a runner either.
     */
    PluginState start(String pluginId) {
        if (!verdicts.isolated(pluginId)) {
            return manager.startPlugin(pluginId);
        }
        PluginWrapper plugin = manager.getPlugin(pluginId);
        if (plugin.getPluginState() == PluginState.CREATED) {
            plugin.setPluginState(PluginState.RESOLVED); // PF4J's state for an enabled plugin it has not started
        }
        if (plugin.getPluginState() != PluginState.RESOLVED
                || !manager.getVersionManager().checkVersionConstraint(apiVersion, plugin.getDescriptor().getRequires())) {
            return plugin.getPluginState();
        }
        return runners.start(plugin);
    }

    /** @throws ServiceException 404 for a plugin that is not installed */
    void require(String pluginId) {
        if (manager.getPlugin(pluginId) == null) {
            throw ServiceException.notFound(ErrorCode.PLUGIN_NOT_FOUND, "No plugin '" + pluginId + "'.");
        }
    }

    /** Every plugin found, started or not, and every file that did not load, by id. */
    List<PluginInfo> infos() {
        List<PluginInfo> result = new ArrayList<>();
        for (PluginWrapper plugin : manager.getPlugins()) {
            String state = stateOf(plugin);
            List<String> factories = state.equals("STARTED")
                    ? factoriesOf(plugin.getPluginId()).stream().map(h -> h.kind().stage() + ":" + h.factory().id()).toList()
                    : List.of();
            PluginTrust.Verdict verdict = verdicts.verdict(plugin.getPluginId());
            result.add(new PluginInfo(plugin.getPluginId(), plugin.getDescriptor().getVersion(),
                    plugin.getDescriptor().getProvider(), plugin.getDescriptor().getPluginDescription(),
                    plugin.getDescriptor().getRequires(), state, factories, errorOf(plugin),
                    verdict == null ? null : verdict.sha256(), verdict == null ? null : verdict.signedBy(),
                    verdicts.isolated(plugin.getPluginId()) ? PluginInfo.RUNNER : PluginInfo.IN_PROCESS,
                    runners.outboundHosts(plugin), runners.status(plugin.getPluginId())));
        }
        manager.loadFailures().forEach((path, reason) -> result.add(new PluginInfo(path.getFileName().toString(), "?",
                null, null, null, "FAILED_TO_LOAD", List.of(), reason, null, null, null, List.of(), null)));
        result.sort(Comparator.comparing(PluginInfo::id));
        return result;
    }

    /** The state PF4J has, or for a plugin in a runner: STARTED while it has one, FAILED when it did not start. */
    String stateOf(PluginWrapper plugin) {
        if (runners.running(plugin.getPluginId()) && plugin.getPluginState() == PluginState.RESOLVED) {
            return PluginState.STARTED.toString();
        }
        if (runners.failure(plugin.getPluginId()) != null && plugin.getPluginState() == PluginState.RESOLVED) {
            return PluginState.FAILED.toString();
        }
        return plugin.getPluginState().toString();
    }

    /** Why the plugin is not started, or {@code null} when it is. */
    String errorOf(PluginWrapper plugin) {
        String runnerFailure = runners.failure(plugin.getPluginId());
        if (runnerFailure != null && plugin.getPluginState() == PluginState.RESOLVED) {
            return runnerFailure;
        }
        if (plugin.getFailedException() != null) {
            return plugin.getFailedException().toString();
        }
        String requires = plugin.getDescriptor().getRequires();
        if (!manager.getVersionManager().checkVersionConstraint(apiVersion, requires)) {
            return "requires plugin API " + requires + ", this host offers " + apiVersion;
        }
        String problem = verdicts.problem(plugin.getPluginId());
        if (problem != null) {
            return "not started: " + problem;
        }
        if (runners.running(plugin.getPluginId()) && plugin.getPluginState() == PluginState.RESOLVED) {
            return null;
        }
        return switch (plugin.getPluginState()) {
            case STARTED -> null;
            case DISABLED -> "disabled by an admin";
            default -> "not started";
        };
    }

    /** Every factory of {@code kind} in started plugins, in this JVM and in runners. */
    List<FactoryHandle> factories(StageKind<?> kind) {
        List<FactoryHandle> result = new ArrayList<>();
        for (PluginWrapper plugin : manager.getStartedPlugins()) {
            for (PluginFactory<?> factory : manager.getExtensions(kind.factoryType(), plugin.getPluginId())) {
                result.add(new FactoryHandle(kind, factory, plugin.getPluginId(), plugin.getDescriptor().getVersion()));
            }
        }
        runners.forEachFactory((pluginId, factory) -> {
            PluginWrapper plugin = manager.getPlugin(pluginId);
            if (plugin != null && plugin.getPluginState() == PluginState.RESOLVED && kind.factoryType().isInstance(factory)) {
                result.add(new FactoryHandle(kind, factory, pluginId, plugin.getDescriptor().getVersion()));
            }
        });
        return result;
    }

    /** Every extension of {@code type} in plugins started in this JVM (not in runners). */
    <F> List<F> extensions(Class<F> type) {
        List<F> result = new ArrayList<>();
        for (PluginWrapper plugin : manager.getStartedPlugins()) {
            result.addAll(manager.getExtensions(type, plugin.getPluginId()));
        }
        return result;
    }

    /** Every factory of one plugin, of every kind. */
    List<FactoryHandle> factoriesOf(String pluginId) {
        List<FactoryHandle> result = new ArrayList<>();
        for (StageKind<?> kind : StageKind.values()) {
            factories(kind).stream().filter(h -> h.pluginId().equals(pluginId)).forEach(result::add);
        }
        return result;
    }

    /**
     * Lets the factories of a stopped plugin release what they held for all their instances (called after the
     * pipelines using them closed their instances); a factory that fails to close is logged, never rethrown.
     */
    static void close(List<FactoryHandle> factories) {
        for (FactoryHandle handle : factories) {
            try {
                handle.factory().close();
            } catch (RuntimeException | LinkageError e) {
                log.warn("Plugin {}: closing factory {} failed: {}", handle.pluginId(), handle.factory().id(), e.toString());
            }
        }
    }
}

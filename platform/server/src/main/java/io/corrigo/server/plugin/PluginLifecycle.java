package io.corrigo.server.plugin;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.ServiceException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.pf4j.PluginState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugins' lifecycle and the one owner of its lock: every change (install, upgrade, enable, disable, uninstall)
 * runs on the write side, every read of the plugins and every pipeline build on the read side, so that a query sees
 * a pipeline of plugins either all before or all after a change. Listeners ({@link #onChange}) run while the change
 * still holds the write side; they can ask how a plugin was before it ({@link #beforeChange}).
 */
public final class PluginLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PluginLifecycle.class);

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock(true);
    private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();
    /** Every plugin as it was when the change running on this thread began. */
    private final ThreadLocal<Map<String, PluginInfo>> before = new ThreadLocal<>();
    private final LoadedPlugins loaded;
    private final TrustVerdicts verdicts;
    private final RunnerSupervisor runners;

    PluginLifecycle(LoadedPlugins loaded, TrustVerdicts verdicts, RunnerSupervisor runners) {
        this.loaded = loaded;
        this.verdicts = verdicts;
        this.runners = runners;
    }

    /** {@code work} on the read side: no plugin changes before it returns. */
    public <T> T read(Supplier<T> work) {
        lock.readLock().lock();
        try {
            return work.get();
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * {@code work} on the write side, for a sequence of changes no other change may interleave with (applying another
     * host's changes); each change inside it runs as usual.
     */
    public <T> T exclusively(Supplier<T> work) {
        lock.writeLock().lock();
        try {
            return work.get();
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * Called with a plugin id after that plugin was installed, upgraded, enabled, disabled or uninstalled, while the
     * change still holds the write side (pipelines using it are rebuilt by their next query).
     */
    public void onChange(Consumer<String> listener) {
        listeners.add(listener);
    }

    /**
     * For a change listener, while the change runs: {@code pluginId} as it was before the change began (empty when it
     * was not installed, or outside a change).
     */
    public Optional<PluginInfo> beforeChange(String pluginId) {
        Map<String, PluginInfo> plugins = before.get();
        return Optional.ofNullable(plugins == null ? null : plugins.get(pluginId));
    }

    /** A change of the plugins: on the write side, with the plugins as they were before it kept for the listeners. */
    <T> T change(Supplier<T> work) {
        lock.writeLock().lock();
        try {
            before.set(loaded.infos().stream().collect(Collectors.toMap(PluginInfo::id, Function.identity())));
            return work.get();
        } finally {
            runners.forgetDeclaredHosts(); // a folder may now hold another file of the same name
            before.remove();
            lock.writeLock().unlock();
        }
    }

    /** Tells the listeners that {@code pluginId} changed (inside a change). */
    void changed(String pluginId) {
        listeners.forEach(listener -> listener.accept(pluginId));
    }

    /** The plugin as it is now. */
    PluginInfo info(String pluginId) {
        return read(loaded::infos).stream().filter(p -> p.id().equals(pluginId)).findFirst().orElseThrow();
    }

    /** Stops a plugin and keeps it stopped across restarts; pipelines using it run degraded. @throws ServiceException 404 */
    PluginInfo disable(String pluginId) {
        return change(() -> {
            loaded.require(pluginId);
            List<FactoryHandle> stopping = loaded.factoriesOf(pluginId);
            if (!loaded.manager().disablePlugin(pluginId)) {
                throw ServiceException.conflict(ErrorCode.PLUGIN_NOT_DISABLED, "Plugin '" + pluginId + "' could not be disabled.");
            }
            log.info("Plugin {} disabled", pluginId);
            changed(pluginId);
            LoadedPlugins.close(stopping);
            runners.stop(pluginId);
            return info(pluginId);
        });
    }

    /** Enables and starts a plugin. @throws ServiceException 404, 409 when it may not run or does not start */
    PluginInfo enable(String pluginId) {
        return change(() -> {
            loaded.require(pluginId);
            String problem = verdicts.problem(pluginId);
            if (problem != null) {
                throw ServiceException.conflict(ErrorCode.PLUGIN_NOT_TRUSTED, "Plugin '" + pluginId + "' may not run: " + problem + ".");
            }
            loaded.manager().enablePlugin(pluginId);
            PluginState state = loaded.start(pluginId);
            changed(pluginId);
            if (state != PluginState.STARTED) {
                throw ServiceException.conflict(ErrorCode.PLUGIN_NOT_STARTED, "Plugin '" + pluginId + "' is " + state + ": "
                        + loaded.errorOf(loaded.manager().getPlugin(pluginId)));
            }
            log.info("Plugin {} enabled", pluginId);
            return info(pluginId);
        });
    }

    /** Stops, unloads and deletes a plugin; pipelines using it are shown as broken. @throws ServiceException 404 */
    void uninstall(String pluginId) {
        change(() -> {
            loaded.require(pluginId);
            List<FactoryHandle> stopping = loaded.factoriesOf(pluginId);
            if (!loaded.manager().deletePlugin(pluginId)) {
                throw ServiceException.conflict(ErrorCode.PLUGIN_NOT_UNINSTALLED, "Plugin '" + pluginId + "' could not be removed.");
            }
            verdicts.forget(pluginId);
            log.info("Plugin {} uninstalled", pluginId);
            changed(pluginId);
            LoadedPlugins.close(stopping);
            runners.stop(pluginId);
            return null;
        });
    }
}

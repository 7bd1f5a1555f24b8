package io.corrigo.server.plugin;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pf4j.DefaultPluginManager;
import org.pf4j.PluginRuntimeException;

/**
 * PF4J's manager, except that one plugin file that cannot be read (a broken descriptor, an unparsable version
 * constraint) no longer aborts loading the others: the failure is remembered and reported with the plugin list.
 */
final class ReportingPluginManager extends DefaultPluginManager {

    private final Map<Path, String> loadFailures = new LinkedHashMap<>();

    ReportingPluginManager(Path pluginsDirectory) {
        super(pluginsDirectory);
    }

    @Override
    protected org.pf4j.PluginWrapper loadPluginFromPath(Path pluginPath) {
        try {
            return super.loadPluginFromPath(pluginPath);
        } catch (RuntimeException e) {
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            loadFailures.put(pluginPath, reason);
            // PluginRuntimeException is what loadPlugins() logs and skips, going on with the next plugin
            throw e instanceof PluginRuntimeException p ? p : new PluginRuntimeException(e, "Cannot load plugin {}: {}", pluginPath, reason);
        }
    }

    /** Plugin paths that could not be loaded, with the reason. */
    synchronized Map<Path, String> loadFailures() {
        return Map.copyOf(loadFailures);
    }
}

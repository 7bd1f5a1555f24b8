package io.corrigo.server.plugin;

import io.corrigo.api.PluginFactory;
import io.corrigo.server.CorrigoProperties;
import jakarta.annotation.PreDestroy;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.pf4j.PluginState;
import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.system.ApplicationHome;
import org.springframework.stereotype.Service;

/**
 * Runs PF4J over the plugins directory.
 *
 * <p>The system version is the plugin API version, so a plugin whose {@code plugin.requires} does not match is
 * refused with a clear state. A plugin that fails to load or start is logged and listed with its error; the
 * host starts regardless.
 */
@Service
public class PluginHost {

    private static final Logger log = LoggerFactory.getLogger(PluginHost.class);

    private final ReportingPluginManager manager;
    private final Path pluginsDirectory;
    private final String apiVersion;

    @org.springframework.beans.factory.annotation.Autowired
    public PluginHost(CorrigoProperties properties) {
        this(properties.pluginsDir() != null ? properties.pluginsDir() : defaultPluginsDirectory(), readApiVersion());
    }

    /** A host over {@code pluginsDirectory} checking plugins against {@code apiVersion}. */
    public PluginHost(Path pluginsDirectory, String apiVersion) {
        this.pluginsDirectory = pluginsDirectory.toAbsolutePath().normalize();
        this.apiVersion = apiVersion;
        try {
            Files.createDirectories(this.pluginsDirectory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create plugins directory " + this.pluginsDirectory, e);
        }
        this.manager = new ReportingPluginManager(this.pluginsDirectory);
        manager.setSystemVersion(apiVersion);
        load();
    }

    private void load() {
        try {
            manager.loadPlugins();
        } catch (RuntimeException e) {
            log.error("Loading plugins from {} failed: {}", pluginsDirectory, e.getMessage(), e);
        }
        for (PluginWrapper plugin : manager.getPlugins()) {
            try {
                manager.startPlugin(plugin.getPluginId());
            } catch (RuntimeException e) {
                log.error("Plugin {} failed to start: {}", plugin.getPluginId(), e.getMessage(), e);
            }
        }
        for (PluginInfo info : plugins()) {
            if ("STARTED".equals(info.state())) {
                log.info("Plugin {} {} started: {}", info.id(), info.version(), info.factories());
            } else {
                log.warn("Plugin {} {} is {}: {}", info.id(), info.version(), info.state(), info.error());
            }
        }
        log.info("{} plugin(s) from {} (plugin API {})", manager.getPlugins().size(), pluginsDirectory, apiVersion);
    }

    /** Every plugin found, started or not, by id. */
    public List<PluginInfo> plugins() {
        List<PluginInfo> result = new ArrayList<>();
        for (PluginWrapper plugin : manager.getPlugins()) {
            List<String> factories = plugin.getPluginState() == PluginState.STARTED
                    ? factoriesOf(plugin.getPluginId()).stream()
                    .map(h -> h.kind().stage() + ":" + h.factory().id()).toList()
                    : List.of();
            String error = errorOf(plugin);
            result.add(new PluginInfo(plugin.getPluginId(), plugin.getDescriptor().getVersion(),
                    plugin.getDescriptor().getProvider(), plugin.getDescriptor().getPluginDescription(),
                    plugin.getDescriptor().getRequires(), plugin.getPluginState().toString(), factories, error));
        }
        manager.loadFailures().forEach((path, reason) -> result.add(new PluginInfo(path.getFileName().toString(), "?",
                null, null, null, "FAILED_TO_LOAD", List.of(), reason)));
        result.sort(Comparator.comparing(PluginInfo::id));
        return result;
    }

    private String errorOf(PluginWrapper plugin) {
        if (plugin.getFailedException() != null) {
            return plugin.getFailedException().toString();
        }
        String requires = plugin.getDescriptor().getRequires();
        if (!manager.getVersionManager().checkVersionConstraint(apiVersion, requires)) {
            return "requires plugin API " + requires + ", this host offers " + apiVersion;
        }
        return plugin.getPluginState() == PluginState.STARTED ? null : "not started";
    }

    /** Every factory of {@code kind} in started plugins. */
    public List<FactoryHandle> factories(PluginKind kind) {
        List<FactoryHandle> result = new ArrayList<>();
        for (PluginWrapper plugin : manager.getStartedPlugins()) {
            for (PluginFactory<?> factory : manager.getExtensions(kind.factoryType(), plugin.getPluginId())) {
                result.add(new FactoryHandle(kind, factory, plugin.getPluginId(), plugin.getDescriptor().getVersion()));
            }
        }
        return result;
    }

    /** The factory of {@code kind} with {@code factoryId}, if a started plugin offers it. */
    public Optional<FactoryHandle> factory(PluginKind kind, String factoryId) {
        return factories(kind).stream().filter(h -> h.factory().id().equals(factoryId)).findFirst();
    }

    private List<FactoryHandle> factoriesOf(String pluginId) {
        List<FactoryHandle> result = new ArrayList<>();
        for (PluginKind kind : PluginKind.values()) {
            factories(kind).stream().filter(h -> h.pluginId().equals(pluginId)).forEach(result::add);
        }
        return result;
    }

    @PreDestroy
    public void stop() {
        manager.stopPlugins();
    }

    private static Path defaultPluginsDirectory() {
        return new ApplicationHome(PluginHost.class).getDir().toPath().resolve("plugins");
    }

    private static String readApiVersion() {
        try (InputStream in = PluginHost.class.getResourceAsStream("/corrigo-build.properties")) {
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("corrigo.api-version");
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("corrigo-build.properties is missing from the server jar", e);
        }
    }
}

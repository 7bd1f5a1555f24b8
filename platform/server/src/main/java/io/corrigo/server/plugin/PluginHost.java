package io.corrigo.server.plugin;

import io.corrigo.api.PluginApi;
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
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.zip.ZipInputStream;
import io.corrigo.server.web.ApiException;
import org.springframework.http.HttpStatus;
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
    private final List<Consumer<String>> changeListeners = new CopyOnWriteArrayList<>();

    /** The largest plugin file accepted by {@link #install}. */
    public static final long MAX_PLUGIN_BYTES = 200L * 1024 * 1024;

    @org.springframework.beans.factory.annotation.Autowired
    public PluginHost(CorrigoProperties properties) {
        this(properties.pluginsDir() != null ? properties.pluginsDir() : defaultPluginsDirectory(), PluginApi.VERSION);
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

    /** Called with a plugin id after that plugin was enabled, disabled or installed (pipelines rebuild). */
    public void onChange(Consumer<String> listener) {
        changeListeners.add(listener);
    }

    /** Stops a plugin and keeps it stopped across restarts; pipelines using it run degraded. @throws ApiException 404 */
    public synchronized PluginInfo disable(String pluginId) {
        require(pluginId);
        if (!manager.disablePlugin(pluginId)) {
            throw new ApiException(HttpStatus.CONFLICT, "plugin_not_disabled", "Plugin '" + pluginId + "' could not be disabled.", List.of());
        }
        log.info("Plugin {} disabled", pluginId);
        changed(pluginId);
        return info(pluginId);
    }

    /** Enables and starts a plugin. @throws ApiException 404, 409 when it does not start */
    public synchronized PluginInfo enable(String pluginId) {
        require(pluginId);
        manager.enablePlugin(pluginId);
        PluginState state = manager.startPlugin(pluginId);
        changed(pluginId);
        if (state != PluginState.STARTED) {
            throw new ApiException(HttpStatus.CONFLICT, "plugin_not_started", "Plugin '" + pluginId + "' is " + state
                    + ": " + errorOf(manager.getPlugin(pluginId)), List.of());
        }
        log.info("Plugin {} enabled", pluginId);
        return info(pluginId);
    }

    /**
     * Installs a plugin file (a PF4J zip) and starts it, without a restart. The file must be a zip with a plugin
     * manifest, within {@link #MAX_PLUGIN_BYTES}, and its id must not be loaded already (upgrades: issue 9).
     *
     * @throws ApiException 400 for a file that is not a valid plugin, 409 for an id already installed
     */
    public synchronized PluginInfo install(String fileName, byte[] content) {
        String name = fileName == null ? "" : Path.of(fileName).getFileName().toString();
        if (!name.matches("[A-Za-z0-9._-]{1,100}\\.zip")) {
            throw ApiException.badRequest("invalid_plugin_file", "A plugin file is a .zip named with letters, digits, '.', '-' or '_'.");
        }
        if (content.length == 0 || content.length > MAX_PLUGIN_BYTES) {
            throw ApiException.badRequest("invalid_plugin_file", "A plugin file is 1 byte to " + MAX_PLUGIN_BYTES / 1024 / 1024 + " MB.");
        }
        checkZip(content);
        Path target = pluginsDirectory.resolve(name);
        if (Files.exists(target)) {
            throw new ApiException(HttpStatus.CONFLICT, "plugin_file_exists", "A plugin file '" + name + "' is installed already.", List.of());
        }
        String pluginId;
        try {
            Files.write(target, content);
            pluginId = manager.loadPlugin(target);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(target);
            throw new ApiException(e instanceof org.pf4j.PluginAlreadyLoadedException ? HttpStatus.CONFLICT : HttpStatus.BAD_REQUEST,
                    "invalid_plugin", "Not a loadable plugin: " + e.getMessage(), List.of());
        }
        if (pluginId == null) {
            deleteQuietly(target);
            throw ApiException.badRequest("invalid_plugin", "Not a loadable plugin: PF4J found no plugin in " + name + ".");
        }
        manager.startPlugin(pluginId);
        log.info("Plugin {} installed from {}: {}", pluginId, name, manager.getPlugin(pluginId).getPluginState());
        changed(pluginId);
        return info(pluginId);
    }

    private static void checkZip(byte[] content) {
        boolean manifest = false;
        try (ZipInputStream zip = new ZipInputStream(new java.io.ByteArrayInputStream(content))) {
            for (java.util.zip.ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                Path normalized = Path.of(entry.getName()).normalize();
                if (normalized.isAbsolute() || normalized.startsWith("..")) {
                    throw ApiException.badRequest("invalid_plugin_file", "The zip has an entry outside itself: " + entry.getName());
                }
                manifest |= entry.getName().equals("plugin.properties") || entry.getName().endsWith("MANIFEST.MF");
            }
        } catch (IOException e) {
            throw ApiException.badRequest("invalid_plugin_file", "Not a readable zip: " + e.getMessage());
        }
        if (!manifest) {
            throw ApiException.badRequest("invalid_plugin_file", "Not a plugin: the zip has no plugin manifest.");
        }
    }

    private void require(String pluginId) {
        if (manager.getPlugin(pluginId) == null) {
            throw ApiException.notFound("plugin_not_found", "No plugin '" + pluginId + "'.");
        }
    }

    private PluginInfo info(String pluginId) {
        return plugins().stream().filter(p -> p.id().equals(pluginId)).findFirst().orElseThrow();
    }

    private void changed(String pluginId) {
        changeListeners.forEach(l -> l.accept(pluginId));
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // best effort: a left-over file is listed as FAILED_TO_LOAD on the next start
        }
    }

    @PreDestroy
    public void stop() {
        manager.stopPlugins();
    }

    private static Path defaultPluginsDirectory() {
        return new ApplicationHome(PluginHost.class).getDir().toPath().resolve("plugins");
    }

}

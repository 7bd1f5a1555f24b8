package io.corrigo.server.plugin;

import io.corrigo.api.PluginApi;
import io.corrigo.api.PluginFactory;
import io.corrigo.server.CorrigoProperties;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.server.plugin.runner.PluginRunner;
import io.corrigo.server.plugin.runner.PluginRunnerException;
import io.corrigo.server.plugin.runner.RunnerSettings;
import io.corrigo.server.problem.ServiceException;
import jakarta.annotation.PreDestroy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.time.Duration;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import org.pf4j.PluginState;
import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.system.ApplicationHome;
import org.springframework.stereotype.Service;

/**
 * Runs PF4J over the plugins directory: loads, trusts, installs, upgrades and removes plugins without a restart.
 *
 * <p>The system version is the plugin API version ({@link PluginApi#VERSION}), so a plugin whose
 * {@code plugin.requires} does not match is refused with both versions named. Every plugin file's SHA-256 is recorded
 * and its signature checked by {@link PluginTrust}; a file that may not run is listed with the reason and not started.
 * A plugin that fails to load or start is logged and listed with its error; the host starts regardless.
 *
 * <p>Two trust levels: a plugin signed by a certificate of the trust store, or listed in {@code corrigo.plugins.trusted}
 * (the shipped ones), runs in this JVM; any other runs in a {@link PluginRunner} of its own, a supervised JVM that
 * can reach only its own folders and the outbound hosts it declares ({@code plugin.outboundHosts}), which an admin
 * approves at install. Both offer the same {@link PluginFactory} objects through {@link #factories}.
 *
 * <p>Changes (install, upgrade, enable, disable, uninstall) take the write side of {@link #lifecycle()}; pipelines
 * are built under its read side, and listeners ({@link #onChange}) run before the write lock is released, so a query
 * sees a pipeline of plugins either all before or all after a change.
 */
@Service
public class PluginHost {

    private static final Logger log = LoggerFactory.getLogger(PluginHost.class);

    /** The default largest plugin file accepted by {@link #install}. */
    public static final long MAX_PLUGIN_BYTES = 25L * 1024 * 1024;

    private final ReportingPluginManager manager;
    private final Path pluginsDirectory;
    private final String apiVersion;
    private final PluginTrust trust;
    private final long maxBytes;
    private final List<Consumer<String>> changeListeners = new CopyOnWriteArrayList<>();
    /** Every plugin as it was when the change running on this thread began. */
    private final ThreadLocal<Map<String, PluginInfo>> beforeChange = new ThreadLocal<>();
    private final Map<String, PluginTrust.Verdict> verdicts = new ConcurrentHashMap<>();
    private final ReadWriteLock lifecycle = new ReentrantReadWriteLock(true);
    /** How untrusted plugins run; {@code null}: every plugin runs in this JVM. */
    private final RunnerSettings runnerSettings;
    private final Set<String> trustedIds;
    private final Map<String, PluginRunner> runners = new ConcurrentHashMap<>();
    private final Map<String, String> runnerFailures = new ConcurrentHashMap<>();
    /** The outbound hosts each loaded plugin folder declares, read once between two plugin changes. */
    private final Map<Path, List<String>> declaredHosts = new ConcurrentHashMap<>();

    @Autowired
    public PluginHost(CorrigoProperties properties, @Value("${corrigo.outbound.allow:}") List<String> outboundAllow) {
        this(properties.pluginsDir() != null ? properties.pluginsDir() : defaultPluginsDirectory(), PluginApi.VERSION,
                new PluginTrust(PluginTrust.load(properties.plugins().trustStore(), properties.plugins().trustStorePassword()),
                        properties.allowUnsignedPlugins()),
                properties.plugins().maxFileMegabytes() * 1024L * 1024, runnerSettings(properties, outboundAllow),
                properties.plugins().trusted());
    }

    private static RunnerSettings runnerSettings(CorrigoProperties properties, List<String> outboundAllow) {
        CorrigoProperties.Runner runner = properties.plugins().runner();
        return !runner.enabled() ? null : new RunnerSettings(properties.dataDir().resolve("runners"), runner.heapMegabytes(),
                Duration.ofMillis(runner.callTimeoutMillis()), runner.cpuMillisPerCall(),
                Duration.ofSeconds(runner.healthSeconds()), outboundAllow,
                io.corrigo.server.plugin.runner.Confinement.of(runner.confinement(), runner.userId(), runner.groupId()), true);
    }

    /** A host over {@code pluginsDirectory} checking plugins against {@code apiVersion}, unsigned plugins allowed. */
    public PluginHost(Path pluginsDirectory, String apiVersion) {
        this(pluginsDirectory, apiVersion, new PluginTrust(List.of(), true), MAX_PLUGIN_BYTES);
    }

    /**
     * A host that runs every plugin not in {@code trusted} in a runner with {@code runner}'s settings (every plugin in
     * this JVM when {@code runner} is {@code null}); unsigned plugins allowed.
     */
    public PluginHost(Path pluginsDirectory, String apiVersion, RunnerSettings runner, Collection<String> trusted) {
        this(pluginsDirectory, apiVersion, new PluginTrust(List.of(), true), MAX_PLUGIN_BYTES, runner, trusted);
    }

    PluginHost(Path pluginsDirectory, String apiVersion, PluginTrust trust, long maxBytes) {
        this(pluginsDirectory, apiVersion, trust, maxBytes, null, List.of());
    }

    PluginHost(Path pluginsDirectory, String apiVersion, PluginTrust trust, long maxBytes, RunnerSettings runner,
               Collection<String> trusted) {
        this.pluginsDirectory = pluginsDirectory.toAbsolutePath().normalize();
        this.apiVersion = apiVersion;
        this.trust = trust;
        this.maxBytes = maxBytes;
        this.runnerSettings = runner;
        this.trustedIds = Set.copyOf(trusted);
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
            PluginTrust.Verdict verdict = judge(plugin);
            if (verdict != null && verdict.problem() != null) {
                continue;
            }
            try {
                startLoaded(plugin.getPluginId());
            } catch (RuntimeException e) {
                log.error("Plugin {} failed to start: {}", plugin.getPluginId(), e.getMessage(), e);
            }
        }
        for (PluginInfo info : plugins()) {
            if ("STARTED".equals(info.state())) {
                log.info("Plugin {} {} started {} ({}): {}", info.id(), info.version(), info.isolation(),
                        info.signedBy() == null ? "unsigned" : "signed by " + info.signedBy(), info.factories());
            } else {
                log.warn("Plugin {} {} is {}: {}", info.id(), info.version(), info.state(), info.error());
            }
        }
        log.info("{} plugin(s) from {} (plugin API {}, unsigned plugins {})", manager.getPlugins().size(),
                pluginsDirectory, apiVersion, trust.allowUnsigned() ? "allowed" : "refused");
    }

    /** Checks and remembers the trust verdict on a loaded plugin's file; {@code null} for an unpacked directory. */
    private PluginTrust.Verdict judge(PluginWrapper plugin) {
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

    /**
     * Whether {@code pluginId} runs in a runner: the runner is on, the plugin is not in the trusted list, and its file
     * is not signed by a certificate of the trust store.
     */
    private boolean isolated(String pluginId) {
        if (runnerSettings == null || trustedIds.contains(pluginId)) {
            return false;
        }
        PluginTrust.Verdict verdict = verdicts.get(pluginId);
        return verdict == null || !verdict.trusted();
    }

    /**
     * Starts a loaded plugin: in this JVM, or in a runner of its own when it is not trusted. A plugin PF4J would not
     * start (its API requirement not met, a dependency missing, disabled) is not started in a runner either.
     */
    private PluginState startLoaded(String pluginId) {
        if (!isolated(pluginId)) {
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
        try {
            List<String> hosts = PluginFile.outboundHosts(plugin.getPluginPath()); // this file's, not a cached one
            declaredHosts.put(plugin.getPluginPath(), hosts);
            PluginRunner runner = PluginRunner.start(pluginId, plugin.getPluginPath(), hosts, runnerSettings);
            runnerFailures.remove(pluginId);
            PluginRunner old = runners.put(pluginId, runner);
            if (old != null) {
                old.close();
            }
            return PluginState.STARTED;
        } catch (PluginRunnerException e) {
            log.error("Plugin {} did not start in its runner: {}", pluginId, e.getMessage());
            runnerFailures.put(pluginId, "did not start in its runner: " + e.getMessage());
            return PluginState.FAILED;
        }
    }

    private List<String> outboundHosts(PluginWrapper plugin) {
        return declaredHosts.computeIfAbsent(plugin.getPluginPath(), PluginFile::outboundHosts);
    }

    /** Stops every runner that holds {@code tenantId}'s instances and deletes its folders (the tenant is deleted). */
    public void forgetTenant(String tenantId) {
        runners.values().forEach(runner -> runner.forgetTenant(tenantId));
    }

    /** Stops the runner of {@code pluginId}, if it has one. */
    private void stopRunner(String pluginId) {
        PluginRunner runner = runners.remove(pluginId);
        if (runner != null) {
            runner.close();
        }
        runnerFailures.remove(pluginId);
    }

    /** The state PF4J has, or for a plugin in a runner: STARTED while it has one, FAILED when it did not start. */
    private String stateOf(PluginWrapper plugin) {
        if (runners.containsKey(plugin.getPluginId()) && plugin.getPluginState() == PluginState.RESOLVED) {
            return PluginState.STARTED.toString();
        }
        if (runnerFailures.containsKey(plugin.getPluginId()) && plugin.getPluginState() == PluginState.RESOLVED) {
            return PluginState.FAILED.toString();
        }
        return plugin.getPluginState().toString();
    }

    /** The file an installed plugin was loaded from (its zip), if it was loaded from one. */
    public Optional<Path> file(String pluginId) {
        PluginWrapper plugin = manager.getPlugin(pluginId);
        return plugin == null ? Optional.empty() : fileOf(plugin);
    }

    /** The plugin's file: the zip PF4J unpacked, or the jar itself. */
    private static Optional<Path> fileOf(PluginWrapper plugin) {
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

    /**
     * What this host accepts.
     *
     * @param apiVersion           the plugin API version it offers (plugins state the versions they require)
     * @param allowUnsigned        whether plugins without a trusted signature may run
     * @param maxFileMegabytes     the largest plugin file it accepts
     * @param runner               whether plugins that are not trusted run in a plugin runner
     * @param trusted              the plugins (by id) trusted to run in the host's JVM whatever their signature
     */
    public record Policy(String apiVersion, boolean allowUnsigned, long maxFileMegabytes, boolean runner,
                         List<String> trusted) {
    }

    /** The API version offered, the trust setting and the size limit. */
    public Policy policy() {
        return new Policy(apiVersion, trust.allowUnsigned(), maxBytes / 1024 / 1024, runnerSettings != null,
                trustedIds.stream().sorted().toList());
    }

    /** The lock that orders plugin changes (write side) before or after pipeline builds (read side). */
    public ReadWriteLock lifecycle() {
        return lifecycle;
    }

    /**
     * Every plugin found, started or not, by id. Read under the lifecycle lock's read side: PF4J's lists change while
     * a plugin is installed, replaced or removed (another host's change applied here included).
     */
    public List<PluginInfo> plugins() {
        lifecycle.readLock().lock();
        try {
            return pluginsNow();
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    private List<PluginInfo> pluginsNow() {
        List<PluginInfo> result = new ArrayList<>();
        for (PluginWrapper plugin : manager.getPlugins()) {
            String state = stateOf(plugin);
            List<String> factories = state.equals("STARTED")
                    ? factoriesOf(plugin.getPluginId()).stream()
                    .map(h -> h.kind().stage() + ":" + h.factory().id()).toList()
                    : List.of();
            PluginTrust.Verdict verdict = verdicts.get(plugin.getPluginId());
            result.add(new PluginInfo(plugin.getPluginId(), plugin.getDescriptor().getVersion(),
                    plugin.getDescriptor().getProvider(), plugin.getDescriptor().getPluginDescription(),
                    plugin.getDescriptor().getRequires(), state, factories, errorOf(plugin),
                    verdict == null ? null : verdict.sha256(), verdict == null ? null : verdict.signedBy(),
                    isolated(plugin.getPluginId()) ? PluginInfo.RUNNER : PluginInfo.IN_PROCESS,
                    outboundHosts(plugin), runnerStatus(plugin.getPluginId())));
        }
        manager.loadFailures().forEach((path, reason) -> result.add(new PluginInfo(path.getFileName().toString(), "?",
                null, null, null, "FAILED_TO_LOAD", List.of(), reason, null, null, null, List.of(), null)));
        result.sort(Comparator.comparing(PluginInfo::id));
        return result;
    }

    private PluginRunner.Status runnerStatus(String pluginId) {
        PluginRunner runner = runners.get(pluginId);
        return runner == null ? null : runner.status();
    }

    private String errorOf(PluginWrapper plugin) {
        String runnerFailure = runnerFailures.get(plugin.getPluginId());
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
        PluginTrust.Verdict verdict = verdicts.get(plugin.getPluginId());
        if (verdict != null && verdict.problem() != null) {
            return "not started: " + verdict.problem();
        }
        if (runners.containsKey(plugin.getPluginId()) && plugin.getPluginState() == PluginState.RESOLVED) {
            return null;
        }
        return switch (plugin.getPluginState()) {
            case STARTED -> null;
            case DISABLED -> "disabled by an admin";
            default -> "not started";
        };
    }

    /** Every factory of {@code kind} in started plugins (read under the lifecycle lock's read side). */
    public List<FactoryHandle> factories(StageKind<?> kind) {
        lifecycle.readLock().lock();
        try {
            List<FactoryHandle> result = new ArrayList<>();
            for (PluginWrapper plugin : manager.getStartedPlugins()) {
                for (PluginFactory<?> factory : manager.getExtensions(kind.factoryType(), plugin.getPluginId())) {
                    result.add(new FactoryHandle(kind, factory, plugin.getPluginId(), plugin.getDescriptor().getVersion()));
                }
            }
            runners.forEach((pluginId, runner) -> {
                PluginWrapper plugin = manager.getPlugin(pluginId);
                if (plugin == null || plugin.getPluginState() != PluginState.RESOLVED) {
                    return;
                }
                for (PluginFactory<?> factory : runner.factories()) {
                    if (kind.factoryType().isInstance(factory)) {
                        result.add(new FactoryHandle(kind, factory, pluginId, plugin.getDescriptor().getVersion()));
                    }
                }
            });
            return result;
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    /** The factory of {@code kind} with {@code factoryId}, if a started plugin offers it. */
    public Optional<FactoryHandle> factory(StageKind<?> kind, String factoryId) {
        return factories(kind).stream().filter(h -> h.factory().id().equals(factoryId)).findFirst();
    }

    private List<FactoryHandle> factoriesOf(String pluginId) {
        List<FactoryHandle> result = new ArrayList<>();
        for (StageKind<?> kind : StageKind.values()) {
            factories(kind).stream().filter(h -> h.pluginId().equals(pluginId)).forEach(result::add);
        }
        return result;
    }

    /**
     * Called with a plugin id after that plugin was installed, upgraded, enabled, disabled or uninstalled, while the
     * change still holds the lifecycle write lock (pipelines using it are rebuilt by their next query).
     */
    public void onChange(Consumer<String> listener) {
        changeListeners.add(listener);
    }

    /** Stops a plugin and keeps it stopped across restarts; pipelines using it run degraded. @throws ServiceException 404 */
    public PluginInfo disable(String pluginId) {
        return change(() -> {
            require(pluginId);
            List<FactoryHandle> stopping = factoriesOf(pluginId);
            if (!manager.disablePlugin(pluginId)) {
                throw new ServiceException(ServiceException.Kind.CONFLICT, "plugin_not_disabled", "Plugin '" + pluginId + "' could not be disabled.", List.of());
            }
            log.info("Plugin {} disabled", pluginId);
            changed(pluginId);
            close(stopping);
            stopRunner(pluginId);
            return info(pluginId);
        });
    }

    /** Enables and starts a plugin. @throws ServiceException 404, 409 when it does not start */
    public PluginInfo enable(String pluginId) {
        return change(() -> {
            require(pluginId);
            PluginTrust.Verdict verdict = verdicts.get(pluginId);
            if (verdict != null && verdict.problem() != null) {
                throw new ServiceException(ServiceException.Kind.CONFLICT, "plugin_not_trusted", "Plugin '" + pluginId
                        + "' may not run: " + verdict.problem() + ".", List.of());
            }
            manager.enablePlugin(pluginId);
            PluginState state = startLoaded(pluginId);
            changed(pluginId);
            if (state != PluginState.STARTED) {
                throw new ServiceException(ServiceException.Kind.CONFLICT, "plugin_not_started", "Plugin '" + pluginId + "' is " + state
                        + ": " + errorOf(manager.getPlugin(pluginId)), List.of());
            }
            log.info("Plugin {} enabled", pluginId);
            return info(pluginId);
        });
    }

    /** Stops, unloads and deletes a plugin; pipelines using it are shown as broken. @throws ServiceException 404 */
    public void uninstall(String pluginId) {
        change(() -> {
            require(pluginId);
            List<FactoryHandle> stopping = factoriesOf(pluginId);
            if (!manager.deletePlugin(pluginId)) {
                throw new ServiceException(ServiceException.Kind.CONFLICT, "plugin_not_uninstalled", "Plugin '" + pluginId
                        + "' could not be removed.", List.of());
            }
            verdicts.remove(pluginId);
            log.info("Plugin {} uninstalled", pluginId);
            changed(pluginId);
            close(stopping);
            stopRunner(pluginId);
            return null;
        });
    }

    /** {@link #install(String, byte[], boolean)} without confirming a downgrade. */
    public PluginInfo install(String fileName, byte[] content) {
        return install(fileName, content, false);
    }

    /** {@link #install(String, byte[], boolean, boolean)} with the plugin's outbound hosts approved. */
    public PluginInfo install(String fileName, byte[] content, boolean confirmDowngrade) {
        return install(fileName, content, confirmDowngrade, true);
    }

    /**
     * Installs a plugin file (a PF4J zip) and starts it, without a restart. A file for a plugin id already installed
     * replaces it: an upgrade when its version is higher, a downgrade (only when {@code confirmDowngrade}) when lower.
     * The old version is stopped and removed, the new one started, and pipelines using it switch while the lifecycle
     * lock is held; when the new version does not start, the old one is put back.
     *
     * <p>A plugin that will run in a runner and declares outbound hosts is installed only with {@code approveOutbound}:
     * the admin has seen the hosts (409 {@code outbound_not_approved} lists them otherwise).
     *
     * @throws ServiceException 400 for a file that is not a valid plugin or may not run (unsigned, untrusted, tampered),
     *                      409 for the same version again, a downgrade not confirmed, outbound hosts not approved, or a
     *                      file name in use
     */
    public PluginInfo install(String fileName, byte[] content, boolean confirmDowngrade, boolean approveOutbound) {
        String name = fileName == null ? "" : Path.of(fileName.replace('\\', '/')).getFileName().toString();
        if (!name.matches("[A-Za-z0-9._-]{1,100}\\.zip")) {
            throw ServiceException.invalid("invalid_plugin_file", "A plugin file is a .zip named with letters, digits, '.', '-' or '_'.");
        }
        if (content.length == 0 || content.length > maxBytes) {
            throw ServiceException.invalid("invalid_plugin_file", "A plugin file is 1 byte to " + maxBytes / 1024 / 1024 + " MB.");
        }
        PluginFile file = PluginFile.inspect(content);
        if (!approveOutbound && !file.outboundHosts().isEmpty() && runnerSettings != null && !trustedIds.contains(file.id())) {
            throw new ServiceException(ServiceException.Kind.CONFLICT, "outbound_not_approved", "Plugin '" + file.id()
                    + "' connects to " + String.join(", ", file.outboundHosts()) + ". Approve these hosts to install it: "
                    + "it will reach no other.", file.outboundHosts());
        }
        return change(() -> {
            PluginWrapper existing = manager.getPlugin(file.id());
            if (existing == null) {
                return installNew(name, content, file);
            }
            String installed = existing.getDescriptor().getVersion();
            int order = manager.getVersionManager().compareVersions(file.version(), installed);
            if (order == 0) {
                throw new ServiceException(ServiceException.Kind.CONFLICT, "plugin_installed", "Plugin '" + file.id() + "' " + installed
                        + " is installed already.", List.of());
            }
            if (order < 0 && !confirmDowngrade) {
                throw new ServiceException(ServiceException.Kind.CONFLICT, "downgrade_not_confirmed", "Plugin '" + file.id() + "' "
                        + installed + " is installed; " + file.version() + " is older. Confirm the downgrade to install it.", List.of());
            }
            return replace(existing, name, content, file);
        });
    }

    private PluginInfo installNew(String name, byte[] content, PluginFile file) {
        Path target = pluginsDirectory.resolve(name);
        if (Files.exists(target) || Files.exists(pluginsDirectory.resolve(name.substring(0, name.length() - 4)))) {
            throw new ServiceException(ServiceException.Kind.CONFLICT, "plugin_file_exists", "A plugin file '" + name + "' is installed already.", List.of());
        }
        String pluginId = loadAndStart(target, content, file);
        log.info("Plugin {} {} installed from {}: {}", pluginId, file.version(), name, stateOf(manager.getPlugin(pluginId)));
        changed(pluginId);
        return info(pluginId);
    }

    private PluginInfo replace(PluginWrapper existing, String name, byte[] content, PluginFile file) {
        String pluginId = existing.getPluginId();
        String oldVersion = existing.getDescriptor().getVersion();
        Optional<Path> oldFile = fileOf(existing);
        byte[] oldContent;
        try {
            oldContent = oldFile.isPresent() ? Files.readAllBytes(oldFile.get()) : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<FactoryHandle> stopping = factoriesOf(pluginId);
        if (!manager.deletePlugin(pluginId)) {
            throw new ServiceException(ServiceException.Kind.CONFLICT, "plugin_not_replaced", "Plugin '" + pluginId + "' " + oldVersion
                    + " could not be stopped and removed.", List.of());
        }
        verdicts.remove(pluginId);
        PluginRunner oldRunner = runners.remove(pluginId);
        try {
            loadAndStart(pluginsDirectory.resolve(name), content, file);
        } catch (ServiceException e) {
            if (oldContent != null) {
                log.warn("Plugin {} {} did not start ({}); putting {} back", pluginId, file.version(), e.getMessage(), oldVersion);
                loadAndStart(oldFile.get(), oldContent, PluginFile.inspect(oldContent));
            }
            changed(pluginId);
            close(stopping);
            closeQuietly(oldRunner);
            throw e;
        }
        log.info("Plugin {} replaced: {} -> {}", pluginId, oldVersion, file.version());
        changed(pluginId);
        close(stopping);
        closeQuietly(oldRunner);
        return info(pluginId);
    }

    /** Writes, checks, loads and starts one plugin file. @throws ServiceException 400 (the file is removed again) */
    private String loadAndStart(Path target, byte[] content, PluginFile file) {
        String pluginId;
        try {
            Files.write(target, content);
            PluginTrust.Verdict verdict = trust.check(target);
            if (verdict.problem() != null) {
                deleteQuietly(target);
                throw new ServiceException(ServiceException.Kind.INVALID, "plugin_not_trusted", "Plugin '" + file.id()
                        + "' may not run: " + verdict.problem() + ".", List.of());
            }
            pluginId = manager.loadPlugin(target);
            if (pluginId == null) {
                throw new IllegalStateException("PF4J found no plugin in " + target.getFileName());
            }
            verdicts.put(pluginId, verdict);
        } catch (IOException | RuntimeException e) {
            if (e instanceof ServiceException api) {
                throw api;
            }
            deleteQuietly(target);
            throw new ServiceException(ServiceException.Kind.INVALID, "invalid_plugin", "Not a loadable plugin: " + e.getMessage(), List.of());
        }
        PluginState state = startLoaded(pluginId);
        if (state != PluginState.STARTED) {
            String error = errorOf(manager.getPlugin(pluginId));
            manager.deletePlugin(pluginId);
            verdicts.remove(pluginId);
            runnerFailures.remove(pluginId);
            deleteQuietly(target);
            throw new ServiceException(ServiceException.Kind.INVALID, "plugin_not_started", "Plugin '" + pluginId + "' "
                    + file.version() + " does not start: " + error, List.of());
        }
        return pluginId;
    }

    private <T> T change(java.util.function.Supplier<T> work) {
        lifecycle.writeLock().lock();
        try {
            beforeChange.set(pluginsNow().stream().collect(java.util.stream.Collectors.toMap(PluginInfo::id, p -> p)));
            return work.get();
        } finally {
            declaredHosts.clear(); // a folder may now hold another file of the same name
            beforeChange.remove();
            lifecycle.writeLock().unlock();
        }
    }

    /**
     * For a change listener, while the change runs: {@code pluginId} as it was before the change began (empty when it
     * was not installed, or outside a change).
     */
    public Optional<PluginInfo> beforeChange(String pluginId) {
        Map<String, PluginInfo> before = beforeChange.get();
        return Optional.ofNullable(before == null ? null : before.get(pluginId));
    }

    private void require(String pluginId) {
        if (manager.getPlugin(pluginId) == null) {
            throw ServiceException.notFound("plugin_not_found", "No plugin '" + pluginId + "'.");
        }
    }

    private PluginInfo info(String pluginId) {
        return plugins().stream().filter(p -> p.id().equals(pluginId)).findFirst().orElseThrow();
    }

    private void changed(String pluginId) {
        changeListeners.forEach(l -> l.accept(pluginId));
    }

    private static void closeQuietly(PluginRunner runner) {
        if (runner != null) {
            runner.close();
        }
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
        List<FactoryHandle> stopping = new ArrayList<>();
        manager.getStartedPlugins().forEach(plugin -> stopping.addAll(factoriesOf(plugin.getPluginId())));
        manager.stopPlugins();
        close(stopping);
        runners.values().forEach(PluginRunner::close);
        runners.clear();
    }

    /**
     * Lets the factories of a stopped plugin release what they held for all their instances (called after the
     * pipelines using them closed their instances); a factory that fails to close is logged, never rethrown.
     */
    private static void close(List<FactoryHandle> factories) {
        for (FactoryHandle handle : factories) {
            try {
                handle.factory().close();
            } catch (RuntimeException | LinkageError e) {
                log.warn("Plugin {}: closing factory {} failed: {}", handle.pluginId(), handle.factory().id(), e.toString());
            }
        }
    }

    /**
     * {@code plugins} beside the jar that was launched ({@code java -jar ui/target/corrigo.jar}, or the extracted
     * {@code ui/target/corrigo-app.jar}, whose own classes live in {@code lib/}); beside this class's code otherwise.
     */
    public static Path defaultPluginsDirectory() {
        String classPath = System.getProperty("java.class.path", "");
        if (classPath.endsWith(".jar") && !classPath.contains(java.io.File.pathSeparator)) {
            Path launched = Path.of(classPath).toAbsolutePath().getParent();
            if (launched != null) {
                return launched.resolve("plugins");
            }
        }
        return new ApplicationHome(PluginHost.class).getDir().toPath().resolve("plugins");
    }
}

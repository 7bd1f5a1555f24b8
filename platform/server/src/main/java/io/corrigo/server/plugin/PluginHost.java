package io.corrigo.server.plugin;

import io.corrigo.api.PluginApi;
import io.corrigo.api.PluginFactory;
import io.corrigo.server.CorrigoProperties;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.server.plugin.runner.PluginRunner;
import io.corrigo.server.plugin.runner.RunnerSettings;
import io.corrigo.server.problem.ServiceException;
import jakarta.annotation.PreDestroy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.pf4j.PluginWrapper;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.system.ApplicationHome;
import org.springframework.stereotype.Service;

/**
 * Runs PF4J over the plugins directory: loads, trusts, installs, upgrades and removes plugins without a restart. The
 * host's one entry to its plugins, made of rooms with one job each: {@link TrustVerdicts} (what each plugin file may
 * do), {@link LoadedPlugins} (loading and starting, state, errors, factories), {@link PluginLifecycle} (the lock and
 * the enable, disable and uninstall transitions), {@link PluginInstaller} (installs and upgrades) and
 * {@link RunnerSupervisor} (the runners of untrusted plugins).
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
 * <p>Changes run on the write side of the {@link #lifecycle()}; pipelines are built on its read side, and listeners
 * ({@link #onChange}) run before the change ends, so a query sees a pipeline of plugins either all before or all
 * after a change.
 */
@Service
public class PluginHost {

    /** The default largest plugin file accepted by {@link #install}. */
    public static final long MAX_PLUGIN_BYTES = 25L * 1024 * 1024;

    private final Path pluginsDirectory;
    private final TrustVerdicts verdicts;
    private final RunnerSupervisor runners;
    private final LoadedPlugins loaded;
    private final PluginLifecycle lifecycle;
    private final PluginInstaller installer;

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
                io.corrigo.server.plugin.runner.Confinement.of(runner.confinement(), runner.userId(), runner.groupId())
                        .withMaxProcesses(runner.maxProcesses()), true);
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
        try {
            Files.createDirectories(this.pluginsDirectory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create plugins directory " + this.pluginsDirectory, e);
        }
        try {
            Files.createDirectories(this.pluginsDirectory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create plugins directory " + this.pluginsDirectory, e);
        }
        ReportingPluginManager manager = new ReportingPluginManager(this.pluginsDirectory);
        manager.setSystemVersion(apiVersion);
        this.runners = new RunnerSupervisor(runner);
        this.verdicts = new TrustVerdicts(trust, trusted, runner != null);
        this.loaded = new LoadedPlugins(manager, apiVersion, verdicts, runners);
        this.lifecycle = new PluginLifecycle(loaded, verdicts, runners);
        this.installer = new PluginInstaller(this.pluginsDirectory, maxBytes, lifecycle, loaded, verdicts, runners);
        loaded.loadAll(this.pluginsDirectory);
    }

    /** Stops every runner that holds {@code tenantId}'s instances and deletes its folders (the tenant is deleted). */
    public void forgetTenant(String tenantId) {
        runners.forgetTenant(tenantId);
    }

    /** The file an installed plugin was loaded from (its zip), if it was loaded from one. */
    public Optional<Path> file(String pluginId) {
        PluginWrapper plugin = loaded.manager().getPlugin(pluginId);
        return plugin == null ? Optional.empty() : TrustVerdicts.fileOf(plugin);
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
        return new Policy(loaded.apiVersion(), verdicts.allowUnsigned(), installer.maxBytes() / 1024 / 1024,
                runners.enabled(), verdicts.trusted());
    }

    /** The lifecycle that orders plugin changes (write side) before or after pipeline builds (read side). */
    public PluginLifecycle lifecycle() {
        return lifecycle;
    }

    /**
     * Every plugin found, started or not, by id. Read on the lifecycle's read side: PF4J's lists change while a plugin
     * is installed, replaced or removed (another host's change applied here included).
     */
    public List<PluginInfo> plugins() {
        return lifecycle.read(loaded::infos);
    }

    /** Every factory of {@code kind} in started plugins (read on the lifecycle's read side). */
    public List<FactoryHandle> factories(StageKind<?> kind) {
        return lifecycle.read(() -> loaded.factories(kind));
    }

    /**
     * Every connector factory of a plugin started in this JVM (the shipped and trusted ones): a connector reads a
     * source for minutes at a time and writes into the knowledge base, so an untrusted plugin's connectors are not
     * offered.
     */
    public List<io.corrigo.api.ConnectorFactory> connectorFactories() {
        return lifecycle.read(() -> loaded.extensions(io.corrigo.api.ConnectorFactory.class));
    }

    /**
     * The embedders started plugins offer in this JVM (a runner's plugin embeds for nobody else: the host's model is
     * trusted code).
     */
    public List<io.corrigo.api.EmbedderFactory> embedderFactories() {
        return lifecycle.read(() -> loaded.extensions(io.corrigo.api.EmbedderFactory.class));
    }

    /** The factory of {@code kind} with {@code factoryId}, if a started plugin offers it. */
    public Optional<FactoryHandle> factory(StageKind<?> kind, String factoryId) {
        return factories(kind).stream().filter(h -> h.factory().id().equals(factoryId)).findFirst();
    }

    /** See {@link PluginLifecycle#onChange}. */
    public void onChange(Consumer<String> listener) {
        lifecycle.onChange(listener);
    }

    /** See {@link PluginLifecycle#beforeChange}. */
    public Optional<PluginInfo> beforeChange(String pluginId) {
        return lifecycle.beforeChange(pluginId);
    }

    /** Stops a plugin and keeps it stopped across restarts; pipelines using it run degraded. @throws ServiceException 404 */
    public PluginInfo disable(String pluginId) {
        return lifecycle.disable(pluginId);
    }

    /** Enables and starts a plugin. @throws ServiceException 404, 409 when it does not start */
    public PluginInfo enable(String pluginId) {
        return lifecycle.enable(pluginId);
    }

    /** Stops, unloads and deletes a plugin; pipelines using it are shown as broken. @throws ServiceException 404 */
    public void uninstall(String pluginId) {
        lifecycle.uninstall(pluginId);
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
     * The old version is stopped and removed, the new one started, and pipelines using it switch within the change;
     * when the new version does not start, the old one is put back.
     *
     * <p>A plugin that will run in a runner and declares outbound hosts is installed only with {@code approveOutbound}:
     * the admin has seen the hosts (409 {@code outbound_not_approved} lists them otherwise).
     *
     * @throws ServiceException 400 for a file that is not a valid plugin or may not run (unsigned, untrusted, tampered),
     *                      409 for the same version again, a downgrade not confirmed, outbound hosts not approved, or a
     *                      file name in use
     */
    public PluginInfo install(String fileName, byte[] content, boolean confirmDowngrade, boolean approveOutbound) {
        return installer.install(fileName, content, confirmDowngrade, approveOutbound);
    }

    @PreDestroy
    public void stop() {
        List<FactoryHandle> stopping = new ArrayList<>();
        ReportingPluginManager manager = loaded.manager();
        manager.getStartedPlugins().forEach(plugin -> stopping.addAll(loaded.factoriesOf(plugin.getPluginId())));
        manager.stopPlugins();
        LoadedPlugins.close(stopping);
        runners.stopAll();
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

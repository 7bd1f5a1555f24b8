package io.corrigo.server.plugin;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.plugin.runner.PluginRunner;
import io.corrigo.server.problem.ServiceException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.pf4j.PluginState;
import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Installs plugin files without a restart: checks the file (name, size, descriptor, outbound hosts approved, trust),
 * writes it to the plugins directory, loads and starts it; replaces an installed version (an upgrade, or a confirmed
 * downgrade), putting the old one back when the new one does not start. Every install is one lifecycle change.
 */
final class PluginInstaller {

    private static final Logger log = LoggerFactory.getLogger(PluginInstaller.class);

    private final Path pluginsDirectory;
    private final long maxBytes;
    private final PluginLifecycle lifecycle;
    private final LoadedPlugins loaded;
    private final TrustVerdicts verdicts;
    private final RunnerSupervisor runners;

    PluginInstaller(Path pluginsDirectory, long maxBytes, PluginLifecycle lifecycle, LoadedPlugins loaded,
                    TrustVerdicts verdicts, RunnerSupervisor runners) {
        this.pluginsDirectory = pluginsDirectory;
        this.maxBytes = maxBytes;
        this.lifecycle = lifecycle;
        this.loaded = loaded;
        this.verdicts = verdicts;
        this.runners = runners;
    }

    long maxBytes() {
        return maxBytes;
    }

    /** See {@link PluginHost#install(String, byte[], boolean, boolean)}. */
    PluginInfo install(String fileName, byte[] content, boolean confirmDowngrade, boolean approveOutbound) {
        String name = fileName == null ? "" : Path.of(fileName.replace('\\', '/')).getFileName().toString();
        if (!name.matches("[A-Za-z0-9._-]{1,100}\\.zip")) {
            throw ServiceException.invalid(ErrorCode.INVALID_PLUGIN_FILE, "A plugin file is a .zip named with letters, digits, '.', '-' or '_'.");
        }
        if (content.length == 0 || content.length > maxBytes) {
            throw ServiceException.invalid(ErrorCode.INVALID_PLUGIN_FILE, "A plugin file is 1 byte to " + maxBytes / 1024 / 1024 + " MB.");
        }
        PluginFile file = PluginFile.inspect(content);
        if (!approveOutbound && !file.outboundHosts().isEmpty() && runners.enabled() && !verdicts.listed(file.id())) {
            throw new ServiceException(ServiceException.Kind.CONFLICT, ErrorCode.OUTBOUND_NOT_APPROVED, "Plugin '" + file.id()
                    + "' connects to " + String.join(", ", file.outboundHosts()) + ". Approve these hosts to install it: "
                    + "it will reach no other.", file.outboundHosts());
        }
        return lifecycle.change(() -> {
            PluginWrapper existing = loaded.manager().getPlugin(file.id());
            if (existing == null) {
                return installNew(name, content, file);
            }
            String installed = existing.getDescriptor().getVersion();
            int order = loaded.manager().getVersionManager().compareVersions(file.version(), installed);
            if (order == 0) {
                throw ServiceException.conflict(ErrorCode.PLUGIN_INSTALLED, "Plugin '" + file.id() + "' " + installed
                        + " is installed already.");
            }
            if (order < 0 && !confirmDowngrade) {
                throw ServiceException.conflict(ErrorCode.DOWNGRADE_NOT_CONFIRMED, "Plugin '" + file.id() + "' " + installed
                        + " is installed; " + file.version() + " is older. Confirm the downgrade to install it.");
            }
            return replace(existing, name, content, file);
        });
    }

    private PluginInfo installNew(String name, byte[] content, PluginFile file) {
        Path target = pluginsDirectory.resolve(name);
        if (Files.exists(target) || Files.exists(pluginsDirectory.resolve(name.substring(0, name.length() - 4)))) {
            throw ServiceException.conflict(ErrorCode.PLUGIN_FILE_EXISTS, "A plugin file '" + name + "' is installed already.");
        }
        String pluginId = loadAndStart(target, content, file);
        log.info("Plugin {} {} installed from {}: {}", pluginId, file.version(), name,
                loaded.stateOf(loaded.manager().getPlugin(pluginId)));
        lifecycle.changed(pluginId);
        return lifecycle.info(pluginId);
    }

    private PluginInfo replace(PluginWrapper existing, String name, byte[] content, PluginFile file) {
        String pluginId = existing.getPluginId();
        String oldVersion = existing.getDescriptor().getVersion();
        Optional<Path> oldFile = TrustVerdicts.fileOf(existing);
        byte[] oldContent;
        try {
            oldContent = oldFile.isPresent() ? Files.readAllBytes(oldFile.get()) : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<FactoryHandle> stopping = loaded.factoriesOf(pluginId);
        if (!loaded.manager().deletePlugin(pluginId)) {
            throw ServiceException.conflict(ErrorCode.PLUGIN_NOT_REPLACED, "Plugin '" + pluginId + "' " + oldVersion
                    + " could not be stopped and removed.");
        }
        verdicts.forget(pluginId);
        PluginRunner oldRunner = runners.detach(pluginId);
        try {
            loadAndStart(pluginsDirectory.resolve(name), content, file);
        } catch (ServiceException e) {
            if (oldContent != null) {
                log.warn("Plugin {} {} did not start ({}); putting {} back", pluginId, file.version(), e.getMessage(), oldVersion);
                loadAndStart(oldFile.get(), oldContent, PluginFile.inspect(oldContent));
            }
            lifecycle.changed(pluginId);
            LoadedPlugins.close(stopping);
            RunnerSupervisor.closeQuietly(oldRunner);
            throw e;
        }
        log.info("Plugin {} replaced: {} -> {}", pluginId, oldVersion, file.version());
        lifecycle.changed(pluginId);
        LoadedPlugins.close(stopping);
        RunnerSupervisor.closeQuietly(oldRunner);
        return lifecycle.info(pluginId);
    }

    /** Writes, checks, loads and starts one plugin file. @throws ServiceException 400 (the file is removed again) */
    private String loadAndStart(Path target, byte[] content, PluginFile file) {
        String pluginId;
        try {
            Files.write(target, content);
            PluginTrust.Verdict verdict = verdicts.check(target);
            if (verdict.problem() != null) {
                deleteQuietly(target);
                throw ServiceException.invalid(ErrorCode.PLUGIN_NOT_TRUSTED, "Plugin '" + file.id() + "' may not run: "
                        + verdict.problem() + ".");
            }
            pluginId = loaded.manager().loadPlugin(target);
            if (pluginId == null) {
                throw new IllegalStateException("PF4J found no plugin in " + target.getFileName());
            }
            verdicts.remember(pluginId, verdict);
        } catch (IOException | RuntimeException e) {
            if (e instanceof ServiceException api) {
                throw api;
            }
            deleteQuietly(target);
            throw ServiceException.invalid(ErrorCode.INVALID_PLUGIN, "Not a loadable plugin: " + e.getMessage());
        }
        PluginState state = loaded.start(pluginId);
        if (state != PluginState.STARTED) {
            String error = loaded.errorOf(loaded.manager().getPlugin(pluginId));
            loaded.manager().deletePlugin(pluginId);
            verdicts.forget(pluginId);
            runners.forgetFailure(pluginId);
            deleteQuietly(target);
            throw ServiceException.invalid(ErrorCode.PLUGIN_NOT_STARTED, "Plugin '" + pluginId + "' " + file.version()
                    + " does not start: " + error);
        }
        return pluginId;
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // best effort: a left-over file is listed as FAILED_TO_LOAD on the next start
        }
    }
}

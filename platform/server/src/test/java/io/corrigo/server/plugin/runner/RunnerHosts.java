package io.corrigo.server.plugin.runner;

import io.corrigo.api.PluginApi;
import io.corrigo.api.PluginFactory;
import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.plugin.kind.StageKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * Two plugin hosts over copies of the shipped plugin files, made once per test JVM: one runs every plugin in its own
 * JVM, the other runs every plugin in a plugin runner (none is trusted). The contract tests take the same factory from
 * each.
 */
final class RunnerHosts {

    private static final Path BUILT_PLUGINS = Paths.get("target", "plugins");
    private static final List<String> USED = List.of("corrigo-plugin-extractive-generator.zip",
            "corrigo-plugin-lucene-retriever.zip", "corrigo-plugin-lightweight-evaluator.zip");
    private static PluginHost inProcess;
    private static PluginHost throughRunner;

    private RunnerHosts() {
    }

    static synchronized <T> PluginFactory<T> inProcess(StageKind<T> kind, String factoryId) {
        if (inProcess == null) {
            inProcess = new PluginHost(copy("in-process"), PluginApi.VERSION);
            Runtime.getRuntime().addShutdownHook(new Thread(inProcess::stop));
        }
        return factory(inProcess, kind, factoryId);
    }

    static synchronized <T> PluginFactory<T> throughRunner(StageKind<T> kind, String factoryId) {
        if (throughRunner == null) {
            Path work = copy("runner");
            throughRunner = new PluginHost(work, PluginApi.VERSION,
                    RunnerSettings.defaults(work.resolveSibling("runners"), List.of()), List.of());
            Runtime.getRuntime().addShutdownHook(new Thread(throughRunner::stop));
        }
        return factory(throughRunner, kind, factoryId);
    }

    @SuppressWarnings("unchecked")
    private static <T> PluginFactory<T> factory(PluginHost host, StageKind<T> kind, String factoryId) {
        return (PluginFactory<T>) host.factory(kind, factoryId)
                .orElseThrow(() -> new AssertionError("no " + kind.stage() + " " + factoryId + " in " + host.plugins()))
                .factory();
    }

    private static Path copy(String name) {
        try {
            Path directory = Files.createDirectories(Files.createTempDirectory(Files.createDirectories(Paths.get("target",
                    "runner-hosts")), name).resolve("plugins"));
            for (String zip : USED) {
                Files.copy(BUILT_PLUGINS.resolve(zip), directory.resolve(zip));
            }
            return directory;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package io.corrigo.server.pipeline;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Source;
import io.corrigo.api.config.ConfigProblem;
import io.corrigo.api.config.InvalidConfigException;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.engine.trace.Failures;
import io.corrigo.server.DaemonThreads;
import io.corrigo.server.outbound.OutboundPolicy;
import io.corrigo.server.plugin.FactoryHandle;
import io.corrigo.server.plugin.HostPluginContext;
import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.server.problem.ServiceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import jakarta.annotation.PreDestroy;
import org.springframework.stereotype.Service;

/**
 * "Test connection" for a stage as an admin is editing it: creates a throwaway instance of the stage's plugin with the
 * settings in the form (a kept secret is the active version's), makes one real call through it (a one-line generation,
 * a one-result search, one grading) and reports what came back or why it failed, in at most {@link #TIMEOUT_SECONDS}.
 * Nothing is saved and the instance is closed afterwards; the outbound policy applies as it does to a saved stage.
 */
@Service
public class ConnectionTests {

    static final int TIMEOUT_SECONDS = 20;
    private static final String PROBE = "What is this service for?";

    /**
     * What the one call gave.
     *
     * @param ok      whether the call returned
     * @param message what it returned, briefly, or why it failed
     * @param millis  how long the call took
     */
    public record Result(boolean ok, String message, long millis) {
    }

    private final PipelineService pipelines;
    private final PluginHost plugins;
    private final OutboundPolicy outbound;
    private final EmbeddingService embeddings;
    private final Clock clock;
    private final ExecutorService callers = Executors.newCachedThreadPool(DaemonThreads.named("corrigo-connection-test"));

    ConnectionTests(PipelineService pipelines, PluginHost plugins, OutboundPolicy outbound, EmbeddingService embeddings,
                    Clock clock) {
        this.pipelines = pipelines;
        this.plugins = plugins;
        this.outbound = outbound;
        this.embeddings = embeddings;
        this.clock = clock;
    }

    /** Whether {@code factoryId} of {@code stage} leaves the process, so that a connection test means something. */
    public boolean callsOut(StageKind<?> kind, String factoryId) {
        return plugins.factory(kind, factoryId).map(h -> !h.factory().inProcess()).orElse(false);
    }

    /**
     * Tests {@code config} as stage {@code stage} of the tenant's pipeline. A setting problem is a failed result, not an
     * exception. @throws ServiceException 404 unknown tenant, 400 unknown stage
     */
    public Result test(String tenantId, String stage, StageConfig config) {
        StageKind<?> kind = StageKind.of(stage).orElseThrow(() -> ServiceException.invalid(ErrorCode.UNKNOWN_STAGE,
                "There is no stage '" + stage + "'."));
        if (config == null || config.factoryId() == null) {
            throw ServiceException.invalid(ErrorCode.FACTORY_REQUIRED, "Choose the plugin of the stage first.");
        }
        StageConfig resolved = pipelines.withKeptSecrets(tenantId, stage, config);
        Optional<FactoryHandle> handle = plugins.factory(kind, resolved.factoryId());
        if (handle.isEmpty()) {
            return new Result(false, "No started plugin offers " + kind.stage() + " '" + resolved.factoryId() + "'.", 0);
        }
        PluginConfig settings;
        try {
            settings = PluginConfig.resolve(handle.get().factory().configProperties(), resolved.properties());
        } catch (InvalidConfigException e) {
            return new Result(false, "The settings are not valid: " + String.join("; ",
                    e.details().stream().map(ConfigProblem::toString).toList()), 0);
        }
        List<String> refused = outbound.refusals(settings.asMap());
        if (!refused.isEmpty()) {
            return new Result(false, "The host's outbound policy refuses this address: " + String.join("; ", refused), 0);
        }
        long started = System.nanoTime();
        Path directory = null;
        Object instance = null;
        try {
            directory = Files.createTempDirectory("corrigo-connection-test");
            instance = handle.get().factory().create(new HostPluginContext(tenantId, directory, embeddings, clock), settings);
            Object created = instance;
            Future<String> call = callers.submit(() -> call(kind, created));
            String said = call.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            return new Result(true, said, (System.nanoTime() - started) / 1_000_000);
        } catch (TimeoutException e) {
            return new Result(false, "No answer within " + TIMEOUT_SECONDS + " s.", (System.nanoTime() - started) / 1_000_000);
        } catch (ExecutionException e) {
            return new Result(false, explain(e.getCause()), (System.nanoTime() - started) / 1_000_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(false, "interrupted", (System.nanoTime() - started) / 1_000_000);
        } catch (IOException | RuntimeException | LinkageError e) {
            return new Result(false, "The plugin could not be created: " + explain(e),
                    (System.nanoTime() - started) / 1_000_000);
        } finally {
            PipelineRuntimes.close(instance, tenantId);
            delete(directory);
        }
    }

    /** One real call through {@code instance}, as its kind's descriptor makes it, and what it returned, briefly. */
    private String call(StageKind<?> kind, Object instance) {
        Query query = new Query(PROBE, embeddings.embed(PROBE), null);
        Passage passage = Passage.of("connection-test", "Corrigo answers questions from a tenant's documents.",
                Source.knowledgeBase("connection-test", "Connection test"));
        return kind.probe(instance, new StageKind.ProbeInput(query, passage));
    }

    /** The failure and, when it wraps another, the root cause too: "X: could not call (UnknownHostException: h)". */
    static String explain(Throwable error) {
        String said = Failures.describe(error);
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String cause = Failures.describe(root);
        return root == error || said.contains(cause) ? said : said + " (" + cause + ")";
    }

    private static void delete(Path directory) {
        if (directory == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory: the OS cleans it
        }
    }

    @PreDestroy
    void stop() {
        callers.shutdownNow();
    }
}

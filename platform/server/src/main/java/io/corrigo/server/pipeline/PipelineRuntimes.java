package io.corrigo.server.pipeline;

import io.corrigo.api.EmbeddingService;
import io.corrigo.api.KnowledgeIndex;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.engine.CorrectivePipeline;
import io.corrigo.engine.trace.Failures;
import io.corrigo.engine.PipelinePlugins;
import io.corrigo.engine.trace.PluginRef;
import io.corrigo.server.CorrigoProperties;
import io.corrigo.server.outbound.OutboundPolicy;
import io.corrigo.server.plugin.FactoryHandle;
import io.corrigo.server.plugin.HostPluginContext;
import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.server.resilience.PluginGuards;
import io.corrigo.server.resilience.ResilienceSettings;
import jakarta.annotation.PreDestroy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Service;

/**
 * Builds and caches each tenant's running pipeline from its active version.
 *
 * <p>Every call checks the active version, so a saved pipeline is used from the next query on. Plugin instances
 * whose factory and settings did not change are carried over to the new version (an index stays open); the
 * others are closed before their replacements are created, since they may hold locks on the same directory. The
 * search provider is wrapped in its tenant's {@link PluginGuards} search guard, and every other plugin instance in a
 * guard of its own (a timeout, a breaker, output checks), so a misbehaving plugin degrades runs, never fails them.
 * Each instance gets its own data directory: {@code <data>/tenants/<tenant>/plugins/<factory id>}.
 */
@Service
public class PipelineRuntimes {

    private static final Logger log = LoggerFactory.getLogger(PipelineRuntimes.class);

    private record InstanceKey(StageKind<?> kind, String factoryId, Map<String, String> properties) {
    }

    /**
     * A tenant's pipeline with the instances it runs and the plugins they come from; {@code stale} when a plugin it
     * used changed: the next query builds a new one from the instances kept here.
     */
    private record Built(TenantPipeline pipeline, Map<InstanceKey, Object> instances, List<PluginRef> refs,
                         boolean stale, StartFailures failures) {

        Built(TenantPipeline pipeline, Map<InstanceKey, Object> instances, List<PluginRef> refs, boolean stale) {
            this(pipeline, instances, refs, stale, StartFailures.NONE);
        }

        boolean uses(String pluginId) {
            return refs.stream().anyMatch(ref -> ref.pluginId().equals(pluginId) || ref.pluginId().equals(MISSING));
        }

        /** The plugin that {@code key}'s instance comes from (one instance per stage). */
        String owner(InstanceKey key) {
            return refs.stream().filter(ref -> ref.role().equals(key.kind().stage())).map(PluginRef::pluginId)
                    .findFirst().orElse(MISSING);
        }
    }

    private static final String MISSING = "(missing)";

    /** The first wait before an instance that could not be created is tried again; it doubles up to {@link #MOST_WAIT}. */
    static final Duration FIRST_WAIT = Duration.ofSeconds(2);
    static final Duration MOST_WAIT = Duration.ofMinutes(1);

    /**
     * The instances of a built pipeline that could not be created (a runner that ended at start, a factory that threw):
     * they run as stand-ins, are shown as problems, and are created again at {@code retryAt}, after {@code attempts}
     * tries, with a wait that doubles each time.
     */
    private record StartFailures(Map<InstanceKey, String> reasons, int attempts, Instant retryAt) {
        static final StartFailures NONE = new StartFailures(Map.of(), 0, Instant.MAX);

        boolean due(Instant now) {
            return !reasons.isEmpty() && !now.isBefore(retryAt);
        }
    }

    private final PipelineService pipelines;
    private final PluginHost plugins;
    private final PluginGuards guards;
    private final EmbeddingService embeddings;
    private final ExecutorService executor;
    private final Clock clock;
    private final OutboundPolicy outbound;
    private final Path dataDir;
    private final ResilienceSettings inProcessSettings;
    private final java.util.Set<String> inlinePlugins;
    private final Map<String, Built> byTenant = new ConcurrentHashMap<>();

    PipelineRuntimes(PipelineService pipelines, PluginHost plugins, PluginGuards guards, EmbeddingService embeddings,
                     @Qualifier("gradingExecutor") ExecutorService executor, Clock clock, CorrigoProperties properties,
                     OutboundPolicy outbound) {
        this.pipelines = pipelines;
        this.outbound = outbound;
        this.plugins = plugins;
        this.guards = guards;
        this.embeddings = embeddings;
        this.executor = executor;
        this.clock = clock;
        this.dataDir = properties.dataDir();
        this.inProcessSettings = ResilienceSettings.inProcess(properties.plugins().callTimeoutMillis());
        this.inlinePlugins = java.util.Set.copyOf(properties.plugins().inline());
        plugins.onChange(this::evict);
    }

    /**
     * A plugin changed (enabled, disabled, installed, upgraded, removed): every tenant pipeline that uses it, or misses
     * a plugin, is rebuilt by its next query. Only that plugin's instances (and stand-ins) are closed now; the others
     * are carried over to the rebuilt pipeline, so runs in flight keep a working retriever, evaluator and generator of
     * the plugins that did not change (closing them failed those runs' calls, which opened their breakers).
     */
    synchronized void evict(String pluginId) {
        byTenant.replaceAll((tenant, built) -> {
            if (!built.uses(pluginId)) {
                return built;
            }
            if (!built.stale()) {
                log.info("Tenant {}: pipeline rebuilt after plugin {} changed", tenant, pluginId);
            }
            return retire(tenant, built, pluginId);
        });
    }

    /** {@code built} marked stale, with the instances of {@code pluginId}, of missing plugins and stand-ins closed. */
    private static Built retire(String tenant, Built built, String pluginId) {
        Map<InstanceKey, Object> kept = new HashMap<>();
        built.instances().forEach((key, instance) -> {
            String owner = built.owner(key);
            if (owner.equals(pluginId) || owner.equals(MISSING) || StageKind.isStandIn(instance)) {
                close(instance, tenant);
            } else {
                kept.put(key, instance);
            }
        });
        return new Built(built.pipeline(), kept, built.refs(), true);
    }

    /**
     * The tenant's pipeline at its active version, built under the read side of the plugin lifecycle lock: never
     * from a plugin set halfway through an install, upgrade or removal. @throws io.corrigo.server.problem.ServiceException 404
     */
    public TenantPipeline forTenant(String tenantId) {
        return plugins.lifecycle().read(() -> {
            Built current = byTenant.get(tenantId);
            if (current != null && !current.stale() && current.pipeline().version() == pipelines.activeVersion(tenantId)
                    && !current.failures().due(clock.instant())) {
                return current.pipeline();
            }
            synchronized (this) {
                ActivePipeline active = pipelines.activeWithSecrets(tenantId);
                current = byTenant.get(tenantId);
                boolean retry = current != null && current.failures().due(clock.instant());
                if (current != null && !current.stale() && current.pipeline().version() == active.version() && !retry) {
                    return current.pipeline();
                }
                Map<InstanceKey, Object> reusable = new HashMap<>(current == null ? Map.of() : current.instances());
                if (current != null) {
                    // a stand-in for an instance that failed to start is created again, not carried over
                    current.failures().reasons().keySet().forEach(key -> close(reusable.remove(key), tenantId));
                }
                boolean sameVersion = current != null && current.pipeline().version() == active.version();
                int attempts = sameVersion && retry ? current.failures().attempts() : 0;
                Built built = build(active, reusable, true, attempts);
                byTenant.put(tenantId, built);
                if (!built.failures().reasons().isEmpty()) {
                    log.warn("Tenant {}: {} of pipeline version {} could not start (attempt {}); tried again at {}",
                            tenantId, built.failures().reasons().values(), active.version(), built.failures().attempts(),
                            built.failures().retryAt());
                } else if (retry) {
                    log.info("Tenant {}: pipeline version {} started on attempt {}", tenantId, active.version(), attempts + 1);
                } else {
                    log.info("Tenant {} now runs pipeline version {}", tenantId, active.version());
                }
                return built.pipeline();
            }
        });
    }

    /**
     * A pipeline that runs another version of the tenant's (a draft, an earlier release) beside the active one, for
     * the playground and evaluation to compare. It shares the active pipeline's instances whose factory and settings it
     * has too (the index above all); the others are created for it alone and closed with it. A stage that cannot get
     * an instance of its own (a retriever whose index the active one holds open) runs as a stand-in, and the preview's
     * answers say so.
     */
    public final class Preview implements AutoCloseable {
        private final TenantPipeline pipeline;
        private final List<Object> own;

        private Preview(TenantPipeline pipeline, List<Object> own) {
            this.pipeline = pipeline;
            this.own = own;
        }

        public TenantPipeline pipeline() {
            return pipeline;
        }

        @Override
        public void close() {
            own.forEach(instance -> PipelineRuntimes.close(instance, pipeline.tenantId()));
        }
    }

    /**
     * A preview of {@code version} of the tenant's pipeline; close it when done. For the active version it is the
     * active pipeline itself. @throws io.corrigo.server.problem.ServiceException 404
     */
    public Preview preview(String tenantId, int version) {
        TenantPipeline active = forTenant(tenantId);
        if (active.version() == version) {
            return new Preview(active, List.of());
        }
        return plugins.lifecycle().read(() -> {
            return previewOf(pipelines.versionWithSecrets(tenantId, version));
        });
    }

    /**
     * A pipeline for {@code definition} beside the tenant's active one, sharing the active instances it has the keys
     * of; the others are its own, closed with it. Called under the read side of the plugin lifecycle lock.
     */
    private synchronized Preview previewOf(ActivePipeline definition) {
        Built current = byTenant.get(definition.tenantId());
        Map<InstanceKey, Object> shared = current == null ? Map.of() : current.instances();
        Built built = build(definition, shared, false);
        List<Object> own = built.instances().entrySet().stream()
                .filter(e -> shared.get(e.getKey()) != e.getValue()).map(Map.Entry::getValue).toList();
        return new Preview(built.pipeline(), own);
    }

    /**
     * The tenant's active pipeline with every stage whose plugin calls out of the process (a model, a search API)
     * replaced by the shipped offline plugin of its kind, or left out when it is optional: what a tenant whose budget is
     * spent answers with under the DEGRADE policy. Close it when done.
     */
    public Preview offline(String tenantId) {
        TenantPipeline active = forTenant(tenantId);
        return plugins.lifecycle().read(() -> {
            ActivePipeline stored = pipelines.activeWithSecrets(tenantId);
            Map<String, StageConfig> stages = new java.util.LinkedHashMap<>();
            PipelineDefinition defaults = PipelineService.defaultDefinition();
            stored.definition().stages().forEach((stage, config) -> {
                StageKind<?> kind = StageKind.of(stage).orElse(null);
                boolean callsOut = kind != null && plugins.factory(kind, config.factoryId())
                        .map(h -> !h.factory().inProcess()).orElse(false);
                if (!callsOut) {
                    stages.put(stage, config);
                } else if (defaults.stages().containsKey(stage)) {
                    stages.put(stage, defaults.stages().get(stage));
                }
            });
            PipelineDefinition offline = new PipelineDefinition(stored.definition().settings(), stages,
                    stored.definition().resilience(), stored.definition().models());
            return previewOf(new ActivePipeline(tenantId, active.version(), offline, stored.createdAt()));
        });
    }

    /**
     * Why the tenant's active pipeline cannot run as configured: each stage whose factory no started plugin offers
     * (uninstalled, disabled, refused), with the reason. Empty when every stage has its plugin.
     */
    public List<String> problems(String tenantId) {
        ActivePipeline active = pipelines.active(tenantId);
        List<String> problems = new ArrayList<>();
        for (StageKind<?> kind : StageKind.values()) {
            StageConfig stage = active.definition().stages().get(kind.stage());
            if (stage != null && plugins.factory(kind, stage.factoryId()).isEmpty()) {
                problems.add(kind.stage() + " '" + stage.factoryId() + "': no started plugin offers it (uninstalled, "
                        + "disabled or refused; see Plugins). Runs degrade: " + kind.whenMissing() + ".");
            }
        }
        Built built = byTenant.get(tenantId);
        if (built != null && built.pipeline().version() == active.version()) {
            StartFailures failures = built.failures();
            Instant now = clock.instant();
            failures.reasons().forEach((key, reason) -> problems.add(reason + ". Runs degrade: " + key.kind().whenMissing()
                    + ". Tried " + failures.attempts() + (failures.attempts() == 1 ? " time" : " times")
                    + "; tried again with the next question after " + (failures.retryAt().isAfter(now)
                    ? failures.retryAt() : now) + "."));
        }
        return problems;
    }

    /**
     * A pipeline for {@code active}, taking the instances of {@code reusable} it has the keys of; with
     * {@code replacing}, the instances of {@code reusable} it does not take are closed (it replaces their pipeline).
     */
    private Built build(ActivePipeline active, Map<InstanceKey, Object> reusable, boolean replacing) {
        return build(active, reusable, replacing, 0);
    }

    /** As {@link #build(ActivePipeline, Map, boolean)}, after {@code attempts} failed tries to start some instances. */
    private Built build(ActivePipeline active, Map<InstanceKey, Object> reusable, boolean replacing, int attempts) {
        Map<StageKind<?>, InstanceKey> keys = new HashMap<>();
        for (StageKind<?> kind : StageKind.values()) {
            StageConfig stage = active.definition().stages().get(kind.stage());
            if (stage != null) {
                keys.put(kind, new InstanceKey(kind, stage.factoryId(), stage.properties()));
            }
        }
        if (replacing) {
            reusable.forEach((key, instance) -> {
                if (!keys.containsValue(key)) {
                    close(instance, active.tenantId());
                }
            });
        }

        Map<InstanceKey, Object> instances = new HashMap<>();
        Map<InstanceKey, String> failed = new HashMap<>();
        Map<Class<?>, Object> guarded = new HashMap<>();
        List<PluginRef> refs = new ArrayList<>();
        for (Map.Entry<StageKind<?>, InstanceKey> entry : keys.entrySet()) {
            InstanceKey key = entry.getValue();
            Optional<FactoryHandle> handle = plugins.factory(key.kind(), key.factoryId());
            Object instance = reusable.containsKey(key) ? reusable.get(key) : create(active.tenantId(), key, handle, failed);
            instances.put(key, instance);
            guarded.put(entry.getKey().type(), guarded(active, entry.getKey(), key, instance));
            refs.add(new PluginRef(key.kind().stage(), key.factoryId(), handle.map(FactoryHandle::pluginId).orElse(MISSING),
                    handle.map(FactoryHandle::pluginVersion).orElse("-")));
        }
        PipelinePlugins pluginSet = PipelinePlugins.of(guarded, embeddings, refs);
        CorrectivePipeline pipeline = CorrectivePipeline.builder()
                .settings(active.definition().settings())
                .plugins(pluginSet)
                .executor(executor)
                .clock(clock)
                .build();
        InstanceKey retrieverKey = keys.get(StageKind.RETRIEVER);
        KnowledgeIndex index = retrieverKey != null && instances.get(retrieverKey) instanceof KnowledgeIndex writable
                ? writable : null;
        StageConfig generator = active.definition().stages().get(StageKind.GENERATOR.stage());
        String model = generator == null ? null : generator.properties().getOrDefault("model", generator.factoryId());
        StartFailures failures = StartFailures.NONE;
        if (!failed.isEmpty()) {
            long wait = Math.min(MOST_WAIT.toMillis(), FIRST_WAIT.toMillis() << Math.min(attempts, 20));
            failures = new StartFailures(Map.copyOf(failed), attempts + 1, clock.instant().plusMillis(wait));
        }
        return new Built(new TenantPipeline(active.tenantId(), active.version(), pipeline, index, model), instances, refs,
                false, failures);
    }

    /**
     * An instance behind the tenant's guard for its factory. The web fallback gets the tenant's search guard; every
     * other kind its model guard, with the pipeline's model settings when it leaves the process, else with the
     * host's in-process call timeout. Either way a call that throws, hangs or returns garbage is contained and counted
     * by that factory's breaker. A stand-in for a plugin that could not be created fails every call on its own.
     */
    private <T> T guarded(ActivePipeline active, StageKind<T> kind, InstanceKey key, Object instance) {
        T typed = kind.cast(instance);
        Optional<FactoryHandle> handle = plugins.factory(key.kind(), key.factoryId());
        boolean inProcess = handle.map(h -> h.factory().inProcess()).orElse(true);
        boolean inline = inProcess && !StageKind.isStandIn(instance)
                && handle.map(h -> inlinePlugins.contains(h.pluginId())).orElse(false);
        if (kind.webFallback()) {
            return kind.cast(guards.guard(active.tenantId(), key.factoryId(), (SearchProvider) typed,
                    active.definition().resilience(), inProcess, inline));
        }
        if (StageKind.isStandIn(instance)) {
            return typed;
        }
        return guards.guardModel(active.tenantId(), key.factoryId(), typed, kind::guard,
                inProcess ? inProcessSettings : active.definition().models(), inProcess, inline);
    }

    /** An instance of {@code key}, or a stand-in with the reason, which {@code failed} then records. */
    private Object create(String tenantId, InstanceKey key, Optional<FactoryHandle> handle, Map<InstanceKey, String> failed) {
        if (handle.isEmpty()) {
            String reason = "no started plugin offers " + key.kind().stage() + " '" + key.factoryId() + "'";
            log.warn("Tenant {}: {}", tenantId, reason);
            return key.kind().standIn(reason);
        }
        PluginFactory<?> factory = handle.get().factory();
        try {
            PluginConfig config = PluginConfig.resolve(factory.configProperties(), key.properties());
            List<String> refused = outbound.refusals(config.asMap());
            if (!refused.isEmpty()) {
                // checked again on every start: a name may resolve elsewhere than when it was saved; the answer's
                // notice does not say where it pointed
                log.warn("Tenant {}: {} '{}' refused by the outbound policy: {}", tenantId, key.kind().stage(),
                        key.factoryId(), refused);
                return key.kind().standIn(key.kind().stage() + " '" + key.factoryId()
                        + "' may not connect to the address in its settings (the host's outbound policy)");
            }
            Path directory = Files.createDirectories(pluginDirectory(tenantId, key.factoryId()));
            Object instance = factory.create(new HostPluginContext(tenantId, directory, embeddings, clock), config);
            if (instance == null) {
                throw new IllegalStateException("factory returned null");
            }
            return instance;
        } catch (IOException | RuntimeException | LinkageError | java.util.ServiceConfigurationError e) {
            String reason = key.kind().stage() + " '" + key.factoryId() + "' could not be created: " + Failures.describe(e);
            log.warn("Tenant {}: {}", tenantId, reason, e);
            failed.put(key, reason);
            return key.kind().standIn(reason);
        }
    }

    /** Where a tenant's instance of a factory keeps its files. */
    public Path pluginDirectory(String tenantId, String factoryId) {
        return dataDir.resolve("tenants").resolve(tenantId).resolve("plugins").resolve(factoryId);
    }

    /** Closes a plugin instance; a failure to close is logged, not thrown. */
    static void close(Object instance, String tenantId) {
        if (instance instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                log.warn("Tenant {}: closing {} failed: {}", tenantId, instance.getClass().getSimpleName(), e.toString());
            }
        }
    }

    /** Closes every instance of the tenant's pipeline and forgets it: the tenant is being deleted. */
    public synchronized void forget(String tenantId) {
        Built built = byTenant.remove(tenantId);
        if (built != null) {
            built.instances().values().forEach(i -> close(i, tenantId));
        }
        plugins.forgetTenant(tenantId); // and the processes that ran its untrusted plugins' instances
    }

    @PreDestroy
    void closeAll() {
        byTenant.forEach((tenant, built) -> built.instances().values().forEach(i -> close(i, tenant)));
        byTenant.clear();
    }
}

package io.corrigo.server.pipeline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.api.config.InvalidConfigException;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.engine.PipelineSettings;
import io.corrigo.server.Recently;
import io.corrigo.server.plugin.FactoryHandle;
import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.plugin.PluginKind;
import io.corrigo.server.tenant.TenantCreated;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.web.ApiException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Reads and saves tenant pipelines. Saving validates every stage against the plugin that serves it (the factory
 * must be offered by a started plugin, its settings must match the declared properties) and creates the next
 * version; queries switch to it on their next run, without a restart.
 */
@Service
public class PipelineService {


    private final PipelineRepository repository;
    private final TenantService tenants;
    private final PluginHost plugins;
    private final ObjectMapper json;
    private final Clock clock;
    /** Every query checks the active version; another host sees a new version within {@link TenantService#CACHE_TTL}. */
    private final Recently<String, Integer> activeVersions = new Recently<>(TenantService.CACHE_TTL, 10_000);

    PipelineService(PipelineRepository repository, TenantService tenants, PluginHost plugins, ObjectMapper json,
                    Clock clock) {
        this.repository = repository;
        this.tenants = tenants;
        this.plugins = plugins;
        this.json = json;
        this.clock = clock;
    }

    /**
     * The pipeline of the shipped offline plugins, with the lightweight critic and without web search (a new tenant
     * has no fallback corpus).
     */
    public static PipelineDefinition defaultDefinition() {
        return new PipelineDefinition(PipelineSettings.DEFAULTS, Map.of(
                PluginKind.RETRIEVER.stage(), new StageConfig("lucene-retriever", Map.of()),
                PluginKind.EVALUATOR.stage(), new StageConfig("lightweight-evaluator", Map.of()),
                PluginKind.GENERATOR.stage(), new StageConfig("extractive-generator", Map.of()),
                PluginKind.CRITIC.stage(), new StageConfig("lightweight-critic", Map.of())));
    }

    /** The active pipeline of an enabled tenant. @throws ApiException 404 */
    @Transactional(readOnly = true)
    public ActivePipeline active(String tenantId) {
        tenants.require(tenantId);
        PipelineVersion row = repository.findByTenantIdAndActiveTrue(tenantId)
                .orElseThrow(() -> ApiException.notFound("pipeline_not_found", "Tenant '" + tenantId + "' has no pipeline."));
        return toActive(row);
    }

    /** Only the number of the active version (no definition read): what every query checks. @throws ApiException 404 */
    @Transactional(readOnly = true)
    public int activeVersion(String tenantId) {
        tenants.require(tenantId);
        return activeVersions.get(tenantId, t -> repository.findActiveVersion(t)
                .orElseThrow(() -> ApiException.notFound("pipeline_not_found", "Tenant '" + t + "' has no pipeline.")));
    }

    /** Validates {@code definition} and makes it the tenant's next, active version. @throws ApiException 400 */
    @Transactional
    public ActivePipeline save(String tenantId, PipelineDefinition definition) {
        tenants.require(tenantId);
        validate(definition);
        Optional<PipelineVersion> latest = repository.findFirstByTenantIdOrderByVersionDesc(tenantId);
        repository.findByTenantIdAndActiveTrue(tenantId).ifPresent(v -> {
            v.deactivate();
            repository.saveAndFlush(v);
        });
        int next = latest.map(v -> v.version() + 1).orElse(1);
        activeVersions.forget(tenantId);
        return toActive(repository.save(new PipelineVersion(tenantId, next, write(definition), clock.instant())));
    }

    @EventListener
    void onTenantCreated(TenantCreated event) {
        save(event.tenantId(), defaultDefinition());
    }

    private void validate(PipelineDefinition definition) {
        List<String> problems = new ArrayList<>();
        if (definition.settings() == null) {
            problems.add("settings: required");
        }
        for (String stage : definition.stages().keySet()) {
            if (kindOf(stage).isEmpty()) {
                problems.add("stages." + stage + ": unknown stage (known: " + String.join(", ",
                        java.util.Arrays.stream(PluginKind.values()).map(PluginKind::stage).toList()) + ")");
            }
        }
        for (PluginKind kind : PluginKind.values()) {
            StageConfig stage = definition.stages().get(kind.stage());
            if (stage == null) {
                if (kind.required()) {
                    problems.add("stages." + kind.stage() + ": required");
                }
                continue;
            }
            Optional<FactoryHandle> handle = plugins.factory(kind, stage.factoryId());
            if (handle.isEmpty()) {
                List<String> available = plugins.factories(kind).stream().map(h -> h.factory().id()).toList();
                problems.add("stages." + kind.stage() + ": no started plugin offers a " + kind.stage() + " '"
                        + stage.factoryId() + "' (available: " + String.join(", ", available) + ")");
                continue;
            }
            try {
                PluginConfig.resolve(handle.get().factory().configProperties(), stage.properties());
            } catch (InvalidConfigException e) {
                e.problems().forEach(p -> problems.add("stages." + kind.stage() + "." + p));
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.badRequest("invalid_pipeline", "The pipeline is not valid.", problems);
        }
    }

    static Optional<PluginKind> kindOf(String stage) {
        for (PluginKind kind : PluginKind.values()) {
            if (kind.stage().equals(stage)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    private ActivePipeline toActive(PipelineVersion row) {
        try {
            return new ActivePipeline(row.tenantId(), row.version(),
                    json.readValue(row.definition(), PipelineDefinition.class), row.createdAt());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored pipeline " + row.tenantId() + " v" + row.version() + " is unreadable", e);
        }
    }

    private String write(PipelineDefinition definition) {
        try {
            return json.writeValueAsString(definition);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}

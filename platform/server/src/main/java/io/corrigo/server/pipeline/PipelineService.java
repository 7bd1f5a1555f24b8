package io.corrigo.server.pipeline;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.audit.AuditLog;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.api.config.ConfigProblem;
import io.corrigo.api.config.InvalidConfigException;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.server.Recently;
import io.corrigo.server.plugin.FactoryHandle;
import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.outbound.OutboundPolicy;
import io.corrigo.server.plugin.kind.StageKind;
import io.corrigo.server.secrets.SecretBox;
import io.corrigo.server.tenant.TenantCreated;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.problem.ServiceException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.time.Instant;
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

    /** What {@link #active} shows instead of a secret setting's value; saved back, it keeps the stored value. */
    public static final String SECRET_MASK = "********";

    private final PipelineRepository repository;
    private final TenantService tenants;
    private final PluginHost plugins;
    private final ObjectMapper json;
    private final Clock clock;
    private final SecretBox secrets;
    private final OutboundPolicy outbound;
    /** Every query checks the active version; another host sees a new version within {@link TenantService#CACHE_TTL}. */
    private final Recently<String, Integer> activeVersions = new Recently<>(TenantService.CACHE_TTL, 10_000);

    private final AuditLog audit;

    private final org.springframework.transaction.support.TransactionTemplate transactions;

    /** Asked lazily: a gate evaluates pipelines, which are built from this service. */
    private final org.springframework.beans.factory.ObjectProvider<PublishGate> gates;

    PipelineService(PipelineRepository repository, TenantService tenants, PluginHost plugins, ObjectMapper json,
                    Clock clock, SecretBox secrets, OutboundPolicy outbound, AuditLog audit,
                    org.springframework.beans.factory.ObjectProvider<PublishGate> gates,
                    org.springframework.transaction.PlatformTransactionManager transactionManager) {
        this.gates = gates;
        this.transactions = new org.springframework.transaction.support.TransactionTemplate(transactionManager);
        this.audit = audit;
        this.secrets = secrets;
        this.outbound = outbound;
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
                StageKind.RETRIEVER.stage(), new StageConfig("lucene-retriever", Map.of()),
                StageKind.EVALUATOR.stage(), new StageConfig("answerhood-evaluator", Map.of()),
                StageKind.GENERATOR.stage(), new StageConfig("extractive-generator", Map.of()),
                StageKind.CRITIC.stage(), new StageConfig("lightweight-critic", Map.of())));
    }

    /**
     * The active pipeline of an enabled tenant, as admins see it: every secret setting replaced by
     * {@link #SECRET_MASK}. @throws ServiceException 404
     */
    @Transactional(readOnly = true)
    public ActivePipeline active(String tenantId) {
        return masked(stored(tenantId));
    }

    /** The active pipeline with its secrets decrypted: only for building the running pipeline. */
    @Transactional(readOnly = true)
    ActivePipeline activeWithSecrets(String tenantId) {
        ActivePipeline stored = stored(tenantId);
        return withDefinition(stored, mapSecrets(stored.definition(), (kind, stage, name, value) -> secrets.decrypt(value)));
    }

    private ActivePipeline stored(String tenantId) {
        tenants.require(tenantId);
        PipelineVersion row = repository.findByTenantIdAndActiveTrue(tenantId)
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.PIPELINE_NOT_FOUND, "Tenant '" + tenantId + "' has no pipeline."));
        return toActive(row);
    }

    private ActivePipeline masked(ActivePipeline stored) {
        return withDefinition(stored, mapSecrets(stored.definition(), (kind, stage, name, value) ->
                value != null && !value.isBlank() && (SecretBox.isEncrypted(value) || isSecret(kind, stage, name)) ? SECRET_MASK : value));
    }

    private static ActivePipeline withDefinition(ActivePipeline active, PipelineDefinition definition) {
        return new ActivePipeline(active.tenantId(), active.version(), definition, active.createdAt());
    }

    /** A value of a stage setting, rewritten by {@link #mapSecrets}. */
    private interface SettingMapper {
        String apply(StageKind<?> kind, StageConfig stage, String name, String value);
    }

    /** {@code definition} with every stage setting passed through {@code mapper} (a {@code null} result drops it). */
    private static PipelineDefinition mapSecrets(PipelineDefinition definition, SettingMapper mapper) {
        Map<String, StageConfig> stages = new java.util.LinkedHashMap<>();
        definition.stages().forEach((stageName, stage) -> {
            StageKind<?> kind = kindOf(stageName).orElse(null);
            Map<String, String> properties = new java.util.LinkedHashMap<>();
            stage.properties().forEach((name, value) -> {
                String mapped = mapper.apply(kind, stage, name, value);
                if (mapped != null) {
                    properties.put(name, mapped);
                }
            });
            stages.put(stageName, new StageConfig(stage.factoryId(), properties));
        });
        return new PipelineDefinition(definition.settings(), stages, definition.resilience(), definition.models());
    }

    private boolean isSecret(StageKind<?> kind, StageConfig stage, String name) {
        return kind != null && plugins.factory(kind, stage.factoryId()).map(h -> h.factory().configProperties().stream()
                .anyMatch(p -> p.secret() && p.name().equals(name))).orElse(false);
    }

    /**
     * Encrypts every secret setting of every stored pipeline version still holding it as plaintext (stored before
     * secrets were encrypted). Stages whose plugin is not installed are left for a later start.
     */
    @org.springframework.context.event.EventListener(org.springframework.boot.context.event.ApplicationReadyEvent.class)
    @Transactional
    public void encryptStoredSecrets() {
        int changed = 0;
        for (PipelineVersion row : repository.findAll()) {
            ActivePipeline stored = toActive(row);
            PipelineDefinition encrypted = mapSecrets(stored.definition(), (kind, stage, name, value) ->
                    value != null && !value.isBlank() && !SecretBox.isEncrypted(value) && isSecret(kind, stage, name)
                            ? secrets.encrypt(value) : value);
            if (!encrypted.equals(stored.definition())) {
                row.redefine(write(encrypted));
                repository.save(row);
                changed++;
            }
        }
        if (changed > 0) {
            org.slf4j.LoggerFactory.getLogger(PipelineService.class).info("Encrypted the secret settings of {} stored pipeline version(s)", changed);
        }
    }

    /** Only the number of the active version (no definition read): what every query checks. @throws ServiceException 404 */
    @Transactional(readOnly = true)
    public int activeVersion(String tenantId) {
        tenants.require(tenantId);
        return activeVersions.get(tenantId, t -> repository.findActiveVersion(t)
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.PIPELINE_NOT_FOUND, "Tenant '" + t + "' has no pipeline.")));
    }

    /**
     * Validates {@code definition} and makes it the tenant's next, active version (the API's save; the admin UI saves
     * drafts). A secret setting whose value is {@link #SECRET_MASK} keeps the value the active version has for the same
     * stage and factory; secret values are stored encrypted. Returns the new version as {@link #active} shows it.
     * @throws ServiceException 400
     */
    @Transactional
    public ActivePipeline save(String tenantId, PipelineDefinition definition) {
        return store(tenantId, definition, true, null);
    }

    /**
     * Validates {@code definition} and stores it as the tenant's next version, a draft: queries go on running on the
     * active version until the draft is {@link #publish published}. @throws ServiceException 400
     */
    @Transactional
    public ActivePipeline saveDraft(String tenantId, PipelineDefinition definition, String note) {
        return store(tenantId, definition, false, note);
    }

    private ActivePipeline store(String tenantId, PipelineDefinition definition, boolean publish, String note) {
        tenants.require(tenantId);
        // concurrent saves of one tenant queue here: each reads the latest version after the one before it committed
        tenants.lockForChange(tenantId);
        Optional<ActivePipeline> activeBefore = repository.findByTenantIdAndActiveTrue(tenantId).map(this::toActive);
        PipelineDefinition previous = activeBefore.map(ActivePipeline::definition).orElse(null);
        PipelineDefinition plain = withKeptSecrets(definition, previous);
        requireValid(plain);
        definition = mapSecrets(plain, (kind, stage, name, value) ->
                value != null && !value.isBlank() && isSecret(kind, stage, name) ? secrets.encrypt(value) : value);
        Optional<PipelineVersion> latest = repository.findFirstByTenantIdOrderByVersionDesc(tenantId);
        if (publish) {
            repository.findByTenantIdAndActiveTrue(tenantId).ifPresent(v -> {
                v.deactivate();
                repository.saveAndFlush(v);
            });
        }
        int next = latest.map(v -> v.version() + 1).orElse(1);
        activeVersions.forget(tenantId);
        String cleanNote = note == null || note.isBlank() ? null : note.strip().substring(0, Math.min(500, note.strip().length()));
        ActivePipeline saved = masked(toActive(repository.save(new PipelineVersion(tenantId, next, write(definition),
                clock.instant(), publish, currentAdmin(), cleanNote))));
        audit.record(publish ? "pipeline.save" : "pipeline.draft", tenantId, "version " + next,
                activeBefore.map(this::masked).orElse(null), saved);
        return saved;
    }

    private void requireValid(PipelineDefinition plain) {
        List<ConfigProblem> problems = problems(plain);
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_PIPELINE, "The pipeline is not valid.",
                    problems.stream().map(ConfigProblem::toString).toList());
        }
    }

    /**
     * {@code config} as stage {@code stage} of the tenant's pipeline with every kept secret ({@link #SECRET_MASK})
     * decrypted from the active version, as {@link #save} would resolve it, refusing a kept secret whose stage's
     * address changed. For a connection test. @throws ServiceException 404, 400
     */
    @Transactional(readOnly = true)
    public StageConfig withKeptSecrets(String tenantId, String stage, StageConfig config) {
        PipelineDefinition previous = stored(tenantId).definition();
        return withKeptSecrets(new PipelineDefinition(previous.settings(), Map.of(stage, config)), previous)
                .stages().get(stage);
    }

    /**
     * {@code definition} with each kept secret ({@link #SECRET_MASK}) replaced by the plaintext {@code previous} holds
     * for the same stage and factory (dropped when it holds none). @throws ServiceException 400 when a kept secret's
     * stage now points at another address
     */
    private PipelineDefinition withKeptSecrets(PipelineDefinition definition, PipelineDefinition previous) {
        List<String> rebound = secretsSentElsewhere(definition, previous);
        if (!rebound.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.SECRET_REQUIRED, "A kept secret (" + SECRET_MASK + ") would go to an address "
                    + "it was not sent to before: give the secret again with the new address.", rebound);
        }
        return mapSecrets(definition, (kind, stage, name, value) -> {
            if (!SECRET_MASK.equals(value)) {
                return value;
            }
            StageConfig before = previous == null || kind == null ? null : previous.stages().get(kind.stage());
            String kept = before != null && before.factoryId().equals(stage.factoryId()) ? before.properties().get(name) : null;
            return kept == null ? null : secrets.decrypt(kept);
        });
    }

    /** Who is changing the pipeline: the signed-in admin or key holder, else the host itself (a new tenant's default). */
    private static String currentAdmin() {
        org.springframework.security.core.Authentication auth =
                org.springframework.security.core.context.SecurityContextHolder.getContext().getAuthentication();
        return auth == null || auth.getName() == null || "anonymousUser".equals(auth.getName()) ? "system" : auth.getName();
    }

    /** Where a version stands. */
    public enum VersionState {
        /** the version queries run on */
        ACTIVE,
        /** saved, never published */
        DRAFT,
        /** published once, replaced since: publishing it again is a rollback */
        RELEASED
    }

    /**
     * One version in the tenant's history.
     *
     * @param publishedAt when it was last made active; {@code null} for a draft
     * @param author      who saved it ({@code system} for a new tenant's default)
     */
    public record VersionSummary(int version, VersionState state, String author, String note, Instant createdAt,
                                 Instant publishedAt) {
    }

    /** Every version of the tenant's pipeline, newest first. @throws ServiceException 404 */
    @Transactional(readOnly = true)
    public List<VersionSummary> versions(String tenantId) {
        tenants.require(tenantId);
        return repository.findByTenantIdOrderByVersionDesc(tenantId).stream()
                .map(r -> new VersionSummary(r.version(), r.active() ? VersionState.ACTIVE
                        : r.publishedAt() == null ? VersionState.DRAFT : VersionState.RELEASED,
                        r.author() == null ? "system" : r.author(), r.note(), r.createdAt(), r.publishedAt()))
                .toList();
    }

    /** One version as admins see it (secrets masked). @throws ServiceException 404 */
    @Transactional(readOnly = true)
    public ActivePipeline version(String tenantId, int version) {
        return masked(toActive(row(tenantId, version)));
    }

    /** One version with its secrets decrypted: only for building a pipeline that runs it (a draft's preview). */
    @Transactional(readOnly = true)
    ActivePipeline versionWithSecrets(String tenantId, int version) {
        ActivePipeline stored = toActive(row(tenantId, version));
        return withDefinition(stored, mapSecrets(stored.definition(), (kind, stage, name, value) -> secrets.decrypt(value)));
    }

    private PipelineVersion row(String tenantId, int version) {
        tenants.require(tenantId);
        return repository.findByTenantIdAndVersion(tenantId, version).orElseThrow(() -> ServiceException.notFound(
                ErrorCode.VERSION_NOT_FOUND, "Tenant '" + tenantId + "' has no pipeline version " + version + "."));
    }

    /**
     * Makes {@code version} the one queries run on: a draft's release, or, for an earlier release, a rollback. The
     * version is checked again first (a plugin it names may have gone since it was saved). Returns it as
     * {@link #active} shows it. @throws ServiceException 404, 400
     */
    public ActivePipeline publish(String tenantId, int version) {
        return publish(tenantId, version, null);
    }

    /**
     * As {@link #publish(String, int)}, after the {@link PublishGate}s: a version a gate holds is published only with
     * an {@code override} reason, which the audit log records with the gate's verdict.
     *
     * @param override why the version goes live although a gate holds it, or {@code null}
     * @throws io.corrigo.server.problem.ServiceException 409 {@code publish_held} with the questions made worse
     */
    public ActivePipeline publish(String tenantId, int version, String override) {
        tenants.require(tenantId);
        PipelineVersion candidate = row(tenantId, version);
        List<PublishGate.Verdict> overridden = new ArrayList<>();
        // the gates evaluate outside the transaction: an evaluation takes a while and holds no lock
        if (!candidate.active()) {
            for (PublishGate gate : gates.orderedStream().toList()) {
                PublishGate.Verdict verdict = gate.check(tenantId, version);
                if (!verdict.held()) {
                    continue;
                }
                if (override == null || override.isBlank()) {
                    throw new io.corrigo.server.problem.ServiceException(
                            io.corrigo.server.problem.ServiceException.Kind.CONFLICT,
                            io.corrigo.server.problem.ErrorCode.PUBLISH_HELD, "Version " + version + " is held: "
                            + verdict.summary() + " Publish it with an override and a reason to go ahead.",
                            verdict.worse());
                }
                overridden.add(verdict);
            }
        }
        return transactions.execute(status -> {
            ActivePipeline live = release(tenantId, version);
            overridden.forEach(verdict -> audit.record("pipeline.publish-override", tenantId, "version " + version,
                    verdict, java.util.Map.of("reason", override.strip())));
            return live;
        });
    }

    /** Makes {@code version} active, in the caller's transaction. */
    private ActivePipeline release(String tenantId, int version) {
        tenants.lockForChange(tenantId);
        PipelineVersion row = row(tenantId, version);
        if (!row.active()) {
            requireValid(versionWithSecrets(tenantId, version).definition());
            boolean rollback = row.publishedAt() != null;
            Optional<PipelineVersion> activeBefore = repository.findByTenantIdAndActiveTrue(tenantId);
            ActivePipeline before = activeBefore.map(v -> masked(toActive(v))).orElse(null);
            activeBefore.ifPresent(v -> {
                v.deactivate();
                repository.saveAndFlush(v);
            });
            row.publish(clock.instant());
            repository.save(row);
            activeVersions.forget(tenantId);
            audit.record(rollback ? "pipeline.rollback" : "pipeline.publish", tenantId, "version " + version, before,
                    masked(toActive(row)));
        }
        return masked(toActive(row));
    }

    /**
     * One setting that differs between two versions.
     *
     * @param path   where it is ({@code settings.upperThreshold}, {@code stages.search.factoryId})
     * @param before its value in the first version ({@code null}: not set)
     * @param after  its value in the second
     */
    public record Change(String path, String before, String after) {
    }

    /**
     * What changes when {@code to} replaces {@code from} (secrets compared as masked), by effective values: a stage
     * setting left unset reads as its plugin's default, so a default the admin never touched is no change.
     * @throws ServiceException 404
     */
    @Transactional(readOnly = true)
    public List<Change> diff(String tenantId, int from, int to) {
        Map<String, String> before = flatten(effective(version(tenantId, from).definition()));
        Map<String, String> after = flatten(effective(version(tenantId, to).definition()));
        Set<String> paths = new TreeSet<>(before.keySet());
        paths.addAll(after.keySet());
        List<Change> changes = new ArrayList<>();
        for (String path : paths) {
            if (!Objects.equals(before.get(path), after.get(path))) {
                changes.add(new Change(path, before.get(path), after.get(path)));
            }
        }
        return changes;
    }

    /** {@code definition} with each stage's unset settings at its plugin's declared defaults (where it declares one). */
    private PipelineDefinition effective(PipelineDefinition definition) {
        Map<String, StageConfig> stages = new java.util.LinkedHashMap<>();
        definition.stages().forEach((stageName, stage) -> {
            Map<String, String> properties = new java.util.TreeMap<>(stage.properties());
            kindOf(stageName).flatMap(kind -> plugins.factory(kind, stage.factoryId())).ifPresent(h ->
                    h.factory().configProperties().forEach(p -> {
                        if (p.defaultValue() != null && !p.secret()) {
                            properties.putIfAbsent(p.name(), p.defaultValue());
                        }
                    }));
            stages.put(stageName, new StageConfig(stage.factoryId(), properties));
        });
        return new PipelineDefinition(definition.settings(), stages, definition.resilience(), definition.models());
    }

    private Map<String, String> flatten(PipelineDefinition definition) {
        Map<String, String> flat = new TreeMap<>();
        flatten("", json.valueToTree(definition), flat);
        return flat;
    }

    private static void flatten(String path, JsonNode node, Map<String, String> into) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> flatten(path.isEmpty() ? e.getKey() : path + "." + e.getKey(), e.getValue(), into));
        } else if (!node.isNull()) {
            into.put(path, node.isTextual() ? node.textValue() : node.toString());
        }
    }

    /** A format pipelines are exported and imported in. */
    public enum Format {
        JSON, YAML;

        /** {@code json} or {@code yaml}/{@code yml}, any case. @throws ServiceException 400 */
        public static Format of(String name) {
            String n = name == null ? "" : name.strip().toLowerCase(java.util.Locale.ROOT);
            return switch (n) {
                case "json" -> JSON;
                case "yaml", "yml" -> YAML;
                default -> throw ServiceException.invalid(ErrorCode.UNKNOWN_FORMAT, "Pipelines are exported and imported as "
                        + "json or yaml, not '" + name + "'.");
            };
        }
    }

    /**
     * A version as a document to keep or move to another tenant or host: settings, stages and their settings, with
     * every secret setting left out. @throws ServiceException 404
     */
    @Transactional(readOnly = true)
    public String export(String tenantId, int version, Format format) {
        PipelineDefinition stored = toActive(row(tenantId, version)).definition();
        PipelineDefinition withoutSecrets = mapSecrets(stored, (kind, stage, name, value) ->
                value != null && (SecretBox.isEncrypted(value) || isSecret(kind, stage, name)) ? null : value);
        try {
            return mapper(format).writerWithDefaultPrettyPrinter().writeValueAsString(withoutSecrets);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Reads an exported pipeline and saves it as a new draft. A secret setting the document leaves out keeps the value
     * the active version has for the same stage and factory, as long as the stage's addresses did not change.
     * @throws ServiceException 400 unreadable or invalid
     */
    @Transactional
    public ActivePipeline importDraft(String tenantId, String document, Format format) {
        tenants.require(tenantId);
        if (document == null || document.isBlank()) {
            throw ServiceException.invalid(ErrorCode.EMPTY_IMPORT, "The pipeline document is empty.");
        }
        PipelineDefinition imported;
        try {
            if (format == Format.YAML) {
                refuseYamlTags(document);
            }
            // as strict as the JSON API: an unknown or repeated key, or a second document, is an error, not ignored;
            // unknown keys are looked for first, so that a misspelt one is named instead of the value it left unset
            JsonNode tree = mapper(format).readerFor(JsonNode.class)
                    .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                    .with(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .readValue(document);
            List<String> unknown = new ArrayList<>();
            List<String> hints = new ArrayList<>();
            unknownKeys(tree, json.constructType(PipelineDefinition.class), "", unknown, hints);
            if (!unknown.isEmpty()) {
                throw ServiceException.invalid(ErrorCode.UNREADABLE_IMPORT, "The document has keys a pipeline does not: "
                        + String.join(", ", unknown) + ".", hints);
            }
            // typed values as typed as the document's own schema: "topK": "8" is a text, not a number
            imported = typed(json).readerFor(PipelineDefinition.class).readValue(tree);
        } catch (java.io.IOException | IllegalArgumentException | NullPointerException e) {
            throw ServiceException.invalid(ErrorCode.UNREADABLE_IMPORT, "The document is not a pipeline in "
                    + format.name().toLowerCase(java.util.Locale.ROOT) + ": " + io.corrigo.server.problem.JsonProblems.describe(e));
        }
        if (imported == null) {
            throw ServiceException.invalid(ErrorCode.EMPTY_IMPORT, "The pipeline document is empty.");
        }
        PipelineDefinition active = repository.findByTenantIdAndActiveTrue(tenantId).map(r -> toActive(r).definition()).orElse(null);
        Map<String, StageConfig> stages = new java.util.LinkedHashMap<>();
        imported.stages().forEach((stageName, stage) -> {
            Map<String, String> properties = new java.util.LinkedHashMap<>(stage.properties());
            StageConfig before = active == null ? null : active.stages().get(stageName);
            StageKind<?> kind = kindOf(stageName).orElse(null);
            if (before != null && before.factoryId().equals(stage.factoryId())) {
                before.properties().forEach((name, value) -> {
                    if (!properties.containsKey(name) && (SecretBox.isEncrypted(value) || isSecret(kind, before, name))) {
                        properties.put(name, SECRET_MASK);
                    }
                });
            }
            stages.put(stageName, new StageConfig(stage.factoryId(), properties));
        });
        return saveDraft(tenantId, new PipelineDefinition(imported.settings(), stages, imported.resilience(),
                imported.models()), "imported");
    }

    /** Adds to {@code unknown} the path of every key of {@code node} that {@code type} does not have. */
    private void unknownKeys(JsonNode node, com.fasterxml.jackson.databind.JavaType type, String path, List<String> unknown,
                             List<String> hints) {
        if (node == null || !node.isContainerNode()) {
            return;
        }
        if (type.isMapLikeType()) {
            node.fields().forEachRemaining(e -> unknownKeys(e.getValue(), type.getContentType(),
                    path + (path.isEmpty() ? "" : ".") + e.getKey(), unknown, hints));
            return;
        }
        if (type.isCollectionLikeType() || type.isArrayType()) {
            int i = 0;
            for (JsonNode element : node) {
                unknownKeys(element, type.getContentType(), path + "[" + i++ + "]", unknown, hints);
            }
            return;
        }
        if (!node.isObject() || type.isJavaLangObject() || type.getRawClass().getName().startsWith("java.")) {
            return;
        }
        Map<String, com.fasterxml.jackson.databind.JavaType> known = new java.util.HashMap<>();
        json.getDeserializationConfig().introspect(type).findProperties()
                .forEach(p -> known.put(p.getName(), p.getPrimaryType()));
        node.fields().forEachRemaining(e -> {
            String at = path + (path.isEmpty() ? "" : ".") + e.getKey();
            if (!known.containsKey(e.getKey())) {
                unknown.add(at);
                String closest = io.corrigo.server.problem.JsonProblems.closest(e.getKey(), known.keySet());
                hints.add(at + ": " + (closest == null ? "not a key of " + (path.isEmpty() ? "a pipeline" : path)
                        + " (its keys: " + String.join(", ", new java.util.TreeSet<>(known.keySet())) + ")"
                        : "did you mean " + closest + "?"));
            } else {
                unknownKeys(e.getValue(), known.get(e.getKey()), at, unknown, hints);
            }
        });
    }

    /** A YAML tag where a value starts: after a key's colon, a list's dash, a flow bracket or comma, or a line's start. */
    private static final java.util.regex.Pattern YAML_TAG =
            java.util.regex.Pattern.compile("(?m)(^\\s*|[:\\-\\[{,]\\s+)(!!?[\\w<][^\\s,\\]}]*)");

    /** A YAML document with explicit tags ({@code !!binary}, {@code !custom}) is refused: a pipeline has none. */
    /** {@code mapper} refusing a text where a number or a yes-or-no belongs, and a number where a yes-or-no does. */
    private static com.fasterxml.jackson.databind.ObjectMapper typed(com.fasterxml.jackson.databind.ObjectMapper mapper) {
        com.fasterxml.jackson.databind.ObjectMapper strict = mapper.copy();
        for (com.fasterxml.jackson.databind.type.LogicalType type : List.of(com.fasterxml.jackson.databind.type.LogicalType.Integer,
                com.fasterxml.jackson.databind.type.LogicalType.Float, com.fasterxml.jackson.databind.type.LogicalType.Boolean)) {
            strict.coercionConfigFor(type).setCoercion(com.fasterxml.jackson.databind.cfg.CoercionInputShape.String,
                    com.fasterxml.jackson.databind.cfg.CoercionAction.Fail);
        }
        strict.coercionConfigFor(com.fasterxml.jackson.databind.type.LogicalType.Boolean)
                .setCoercion(com.fasterxml.jackson.databind.cfg.CoercionInputShape.Integer,
                        com.fasterxml.jackson.databind.cfg.CoercionAction.Fail);
        return strict;
    }

    private void refuseYamlTags(String document) throws JsonProcessingException {
        java.util.regex.Matcher tag = YAML_TAG.matcher(document);
        if (tag.find()) { // before parsing: the parser decodes some tags (!!binary) eagerly and fails on its own terms
            throw ServiceException.invalid(ErrorCode.UNREADABLE_IMPORT, "The document is not a pipeline in yaml: the tag '"
                    + tag.group(2) + "' is not read; write the value plainly.");
        }
        try (com.fasterxml.jackson.core.JsonParser parser = mapper(Format.YAML).getFactory().createParser(document)) {
            while (parser.nextToken() != null) {
                if (parser.getTypeId() != null) {
                    throw ServiceException.invalid(ErrorCode.UNREADABLE_IMPORT, "The document is not a pipeline in yaml: the tag '"
                            + parser.getTypeId() + "' at line " + parser.currentLocation().getLineNr()
                            + " is not read; write the value plainly.");
                }
            }
        } catch (java.io.IOException e) {
            if (e instanceof JsonProcessingException p) {
                throw p;
            }
            throw new IllegalArgumentException(e.getMessage());
        }
    }

    private ObjectMapper mapper(Format format) {
        return format == Format.YAML ? json.copyWith(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory()) : json;
    }

    /**
     * The masked secrets of {@code definition} whose stage now points somewhere else: a URL-valued setting of the same
     * factory changed. A secret kept as {@link #SECRET_MASK} is bound to where it was sent, so that an admin who can
     * change a base URL cannot redirect a stored key to a host of their choosing.
     */
    private static List<String> secretsSentElsewhere(PipelineDefinition definition, PipelineDefinition previous) {
        List<String> problems = new ArrayList<>();
        if (previous == null) {
            return problems;
        }
        definition.stages().forEach((stageName, stage) -> {
            StageConfig before = previous.stages().get(stageName);
            if (before == null || !before.factoryId().equals(stage.factoryId())) {
                return;
            }
            List<String> moved = new ArrayList<>();
            Set<String> names = new TreeSet<>(stage.properties().keySet());
            names.addAll(before.properties().keySet());
            for (String name : names) {
                String now = stage.properties().get(name);
                String then = before.properties().get(name);
                if ((OutboundPolicy.isAddress(name, now) || OutboundPolicy.isAddress(name, then)) && !Objects.equals(now, then)) {
                    moved.add(name);
                }
            }
            if (moved.isEmpty()) {
                return;
            }
            stage.properties().forEach((name, value) -> {
                if (SECRET_MASK.equals(value)) {
                    problems.add("stages." + stageName + "." + name + ": give the secret again, "
                            + String.join(", ", moved) + " changed");
                }
            });
        });
        return problems;
    }

    @EventListener
    void onTenantCreated(TenantCreated event) {
        save(event.tenantId(), defaultDefinition());
    }

    /**
     * What is wrong with a pipeline (secrets already resolved), one record per setting at fault, its path as the
     * pipeline stores it ({@code settings}, {@code stages.retriever}, {@code stages.search.baseUrl}); empty when it can
     * be saved. The engine and resilience settings check themselves when they are built.
     */
    public List<ConfigProblem> problems(PipelineDefinition definition) {
        List<ConfigProblem> problems = new ArrayList<>();
        if (definition.settings() == null) {
            problems.add(new ConfigProblem("settings", "required"));
        }
        for (String stage : definition.stages().keySet()) {
            if (kindOf(stage).isEmpty()) {
                problems.add(new ConfigProblem("stages." + stage, "unknown stage (known: " + String.join(", ",
                        StageKind.values().stream().map(StageKind::stage).toList()) + ")"));
            }
        }
        for (StageKind<?> kind : StageKind.values()) {
            String path = "stages." + kind.stage();
            StageConfig stage = definition.stages().get(kind.stage());
            if (stage == null) {
                if (kind.required()) {
                    problems.add(new ConfigProblem(path, "required"));
                }
                continue;
            }
            Optional<FactoryHandle> handle = plugins.factory(kind, stage.factoryId());
            if (handle.isEmpty()) {
                List<String> available = plugins.factories(kind).stream().map(h -> h.factory().id()).toList();
                problems.add(new ConfigProblem(path, "no started plugin offers a " + kind.stage() + " '"
                        + stage.factoryId() + "' (available: " + String.join(", ", available) + ")"));
                continue;
            }
            try {
                PluginConfig config = PluginConfig.resolve(handle.get().factory().configProperties(), stage.properties());
                outbound.refusals(config.asMap()).forEach(p -> problems.add(ConfigProblem.parse(p).under(path)));
                pluginProblems(handle.get(), config).forEach(p -> problems.add(new ConfigProblem(path, p)));
            } catch (InvalidConfigException e) {
                e.details().forEach(p -> problems.add(p.under(path)));
            }
        }
        return problems;
    }

    /** What the plugin itself finds wrong with its settings (plugin API 1.1); a plugin that fails to say is a problem too. */
    private static List<String> pluginProblems(FactoryHandle handle, PluginConfig config) {
        try {
            List<String> found = handle.factory().problems(config);
            return found == null ? List.of() : found;
        } catch (RuntimeException | LinkageError e) {
            return List.of("plugin '" + handle.pluginId() + "' could not check its settings (" + e.getClass().getSimpleName() + ")");
        }
    }

    static Optional<StageKind<?>> kindOf(String stage) {
        return StageKind.of(stage);
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

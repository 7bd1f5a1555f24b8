package io.corrigo.server.connector;

import io.corrigo.server.problem.ErrorCode;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.api.ConnectorFactory;
import io.corrigo.api.config.ConfigProblem;
import io.corrigo.api.config.InvalidConfigException;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.server.CorrigoProperties;
import io.corrigo.server.Sql;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.knowledge.DocumentScope;
import io.corrigo.server.knowledge.KnowledgeBaseView;
import io.corrigo.server.knowledge.KnowledgeBases;
import io.corrigo.server.outbound.OutboundPolicy;
import io.corrigo.server.plugin.PluginHost;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.tenant.TenantService;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

/**
 * A tenant's connectors: their settings, checked as a pipeline stage's are (types and ranges, the plugin's own
 * problems, the outbound policy for every address) and, for every setting that holds an absolute server path, against
 * the folders the platform admin allowed ({@code corrigo.connectors.folders}; by default {@code <data-dir>/folders}).
 */
@Service
public class Connectors {

    static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9 ._-]{0,59}");
    private static final Pattern ABSOLUTE = Pattern.compile("^(/|[A-Za-z]:[\\\\/]).*");

    /**
     * What an admin asks for.
     *
     * @param name          its name
     * @param factoryId     the connector plugin's factory
     * @param properties    its settings
     * @param schedule      a six-field cron, or {@code null}/blank for on demand only
     * @param knowledgeBase the knowledge base to fill ({@code null}: the default one)
     * @param collections   collections its documents join
     * @param groups        who may read its documents where the source says nothing
     */
    public record Definition(String name, String factoryId, Map<String, String> properties, String schedule,
                             String knowledgeBase, List<String> collections, List<String> groups) {
    }

    private final JdbcTemplate jdbc;
    private final PluginHost plugins;
    private final OutboundPolicy outbound;
    private final TenantService tenants;
    private final KnowledgeBases knowledgeBases;
    private final AuditLog audit;
    private final Clock clock;
    private final ObjectMapper json = new ObjectMapper();
    private final List<Path> folders;
    private final io.corrigo.server.secrets.SecretBox secrets;

    Connectors(JdbcTemplate jdbc, PluginHost plugins, OutboundPolicy outbound, TenantService tenants,
               KnowledgeBases knowledgeBases, AuditLog audit, Clock clock, CorrigoProperties properties,
               io.corrigo.server.secrets.SecretBox secrets, @Value("${corrigo.connectors.folders:}") List<String> folders) {
        this.secrets = secrets;
        this.jdbc = jdbc;
        this.plugins = plugins;
        this.outbound = outbound;
        this.tenants = tenants;
        this.knowledgeBases = knowledgeBases;
        this.audit = audit;
        this.clock = clock;
        List<String> named = folders.stream().filter(f -> !f.isBlank()).toList();
        this.folders = (named.isEmpty() ? List.of(properties.dataDir().resolve("folders").toString()) : named).stream()
                .map(f -> real(Path.of(f.strip()).toAbsolutePath().normalize())).toList();
    }

    /** The folders connectors may read. */
    public List<Path> folders() {
        return folders;
    }

    /** The connector factories the started plugins offer. */
    public List<ConnectorFactory> factories() {
        return plugins.connectorFactories();
    }

    /** The connector factory with {@code id}, if a started plugin offers it. */
    Optional<ConnectorFactory> factory(String id) {
        return factories().stream().filter(f -> f.id().equals(id)).findFirst();
    }

    public List<ConnectorView> list(String tenantId) {
        tenants.require(tenantId);
        return jdbc.query("SELECT * FROM connector WHERE tenant_id = ? ORDER BY name", this::view, tenantId);
    }

    /** @throws ServiceException 404 */
    public ConnectorView get(String tenantId, String id) {
        tenants.require(tenantId);
        return find(tenantId, id).orElseThrow(() -> ServiceException.notFound(ErrorCode.CONNECTOR_NOT_FOUND, "No connector '" + id + "'."));
    }

    Optional<ConnectorView> find(String tenantId, String id) {
        return jdbc.query("SELECT * FROM connector WHERE tenant_id = ? AND id = ?", this::view, tenantId, id).stream().findFirst();
    }

    /** @throws ServiceException 400 listing every problem, 409 for a name in use */
    public ConnectorView create(String tenantId, Definition definition) {
        tenants.require(tenantId);
        Definition d = checked(tenantId, definition);
        if (jdbc.queryForObject("SELECT COUNT(*) FROM connector WHERE tenant_id = ? AND name = ?", Integer.class,
                tenantId, d.name()) > 0) {
            throw ServiceException.conflict(ErrorCode.CONNECTOR_EXISTS, "A connector named '" + d.name() + "' exists already.");
        }
        String id = "cn-" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        jdbc.update("INSERT INTO connector (id, tenant_id, name, factory_id, properties, schedule, knowledge_base, "
                        + "collections, reader_groups, state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'IDLE', ?)",
                id, tenantId, d.name(), d.factoryId(), write(sealed(d)), d.schedule(), d.knowledgeBase(),
                String.join(",", d.collections()), String.join(",", d.groups()), Sql.utc(clock.instant()));
        ConnectorView view = get(tenantId, id);
        audit.record("connector.create", tenantId, id, null, view);
        return view;
    }

    /** @throws ServiceException 400 listing every problem, 404, 409 while it syncs */
    public ConnectorView update(String tenantId, String id, Definition definition) {
        ConnectorView before = get(tenantId, id);
        // a secret sent back as the mask keeps its stored value
        Map<String, String> stored = settings(tenantId, id);
        Map<String, String> sent = new LinkedHashMap<>(definition.properties() == null ? Map.of() : definition.properties());
        sent.replaceAll((k, v) -> io.corrigo.server.pipeline.PipelineService.SECRET_MASK.equals(v) && stored.containsKey(k)
                ? stored.get(k) : v);
        Definition d = checked(tenantId, new Definition(definition.name(), definition.factoryId(), sent,
                definition.schedule(), definition.knowledgeBase(), definition.collections(), definition.groups()));
        if (!d.factoryId().equals(before.factoryId())) {
            throw ServiceException.invalid(ErrorCode.INVALID_CONNECTOR, "A connector's kind cannot change; create another one.");
        }
        jdbc.update("UPDATE connector SET name = ?, properties = ?, schedule = ?, knowledge_base = ?, collections = ?, "
                        + "reader_groups = ? WHERE tenant_id = ? AND id = ?", d.name(), write(sealed(d)), d.schedule(),
                d.knowledgeBase(), String.join(",", d.collections()), String.join(",", d.groups()), tenantId, id);
        ConnectorView after = get(tenantId, id);
        audit.record("connector.update", tenantId, id, before, after);
        return after;
    }

    /** Removes the connector; the documents it brought in stay (delete them in the knowledge base). */
    public void delete(String tenantId, String id) {
        ConnectorView before = get(tenantId, id);
        if ("RUNNING".equals(before.state())) {
            throw ServiceException.conflict(ErrorCode.CONNECTOR_RUNNING, "'" + before.name() + "' is syncing; delete it when it is done.");
        }
        jdbc.update("DELETE FROM connector_item WHERE connector_id = ?", id);
        jdbc.update("DELETE FROM connector WHERE tenant_id = ? AND id = ?", tenantId, id);
        audit.record("connector.delete", tenantId, id, before, null);
    }

    /** The definition, cleaned, or a 400 naming each problem. */
    private Definition checked(String tenantId, Definition d) {
        List<String> problems = new ArrayList<>();
        String name = d.name() == null ? "" : d.name().strip();
        if (!NAME.matcher(name).matches()) {
            problems.add("name: 1-60 letters, digits, spaces, '.', '_' or '-', starting with a letter or digit");
        }
        String schedule = d.schedule() == null || d.schedule().isBlank() ? null : d.schedule().strip();
        if (schedule != null) {
            io.corrigo.server.Cron.problem(schedule).ifPresent(why -> problems.add("schedule: six fields (second minute hour "
                    + "day month weekday), e.g. '0 0 * * * *' hourly: " + why));
        }
        String kb = d.knowledgeBase() == null || d.knowledgeBase().isBlank() ? KnowledgeBases.DEFAULT : d.knowledgeBase().strip();
        if (knowledgeBases.list(tenantId).stream().map(KnowledgeBaseView::name).noneMatch(kb::equals)) {
            problems.add("knowledgeBase: no knowledge base '" + kb + "'");
        }
        List<String> collections = d.collections() == null ? List.of() : d.collections();
        List<String> groups = d.groups() == null ? List.of() : d.groups();
        try {
            DocumentScope.of(collections, groups, null);
        } catch (ServiceException e) {
            problems.addAll(e.details());
        }
        Map<String, String> properties = d.properties() == null ? Map.of() : d.properties();
        Optional<ConnectorFactory> factory = factory(d.factoryId());
        if (factory.isEmpty()) {
            problems.add("factoryId: no started plugin offers a connector '" + d.factoryId() + "' (available: "
                    + String.join(", ", factories().stream().map(ConnectorFactory::id).toList()) + ")");
        } else {
            try {
                PluginConfig config = PluginConfig.resolve(factory.get().configProperties(), properties);
                outbound.refusals(config.asMap()).forEach(p -> problems.add("properties." + p));
                problems.addAll(folderRefusals(config.asMap()));
                factory.get().problems(config).forEach(p -> problems.add("properties." + p));
            } catch (InvalidConfigException e) {
                e.details().stream().map(ConfigProblem::toString).forEach(p -> problems.add("properties." + p));
            }
        }
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_CONNECTOR, "The connector has " + problems.size()
                    + " problem(s).", problems);
        }
        return new Definition(name, d.factoryId(), properties, schedule, kb, collections, groups);
    }

    /** The stored settings of a connector, secrets decrypted: what a sync creates its instance with. */
    Map<String, String> settings(String tenantId, String id) {
        Map<String, String> stored = properties(jdbc.queryForObject(
                "SELECT properties FROM connector WHERE tenant_id = ? AND id = ?", String.class, tenantId, id));
        stored.replaceAll((k, v) -> v != null && io.corrigo.server.secrets.SecretBox.isEncrypted(v) ? secrets.decrypt(v) : v);
        return stored;
    }

    /** The settings as stored: the factory's secret settings encrypted. */
    private Map<String, String> sealed(Definition d) {
        Set<String> secret = secretNames(d.factoryId());
        Map<String, String> out = new LinkedHashMap<>(d.properties());
        out.replaceAll((k, v) -> secret.contains(k) && v != null && !v.isBlank() ? secrets.encrypt(v) : v);
        return out;
    }

    private Set<String> secretNames(String factoryId) {
        return factory(factoryId)
                .map(f -> f.configProperties().stream().filter(io.corrigo.api.config.ConfigProperty::secret)
                        .map(io.corrigo.api.config.ConfigProperty::name).collect(java.util.stream.Collectors.toSet()))
                .orElse(Set.of());
    }

    /** What the outbound policy and the allowed folders refuse of these settings (checked again before each sync). */
    List<String> refusals(Map<String, String> settings) {
        List<String> refused = new ArrayList<>();
        outbound.refusals(settings).forEach(p -> refused.add("properties." + p));
        refused.addAll(folderRefusals(settings));
        return refused;
    }

    /** Every setting holding an absolute path outside the allowed folders, as a problem. */
    List<String> folderRefusals(Map<String, String> settings) {
        List<String> refused = new ArrayList<>();
        settings.forEach((name, value) -> {
            if (value == null || !ABSOLUTE.matcher(value.strip()).matches()) {
                return;
            }
            Path path;
            try {
                path = real(Path.of(value.strip()).toAbsolutePath().normalize());
            } catch (InvalidPathException e) {
                refused.add("properties." + name + ": not a path");
                return;
            }
            if (folders.stream().noneMatch(path::startsWith)) {
                refused.add("properties." + name + ": outside the folders a platform admin allowed for connectors "
                        + "(corrigo.connectors.folders: " + String.join(", ", folders.stream().map(Path::toString).toList()) + ")");
            }
        });
        return refused;
    }

    /** The path with its symbolic links resolved where it exists (a link may not lead out of an allowed folder). */
    private static Path real(Path path) {
        try {
            return Files.exists(path) ? path.toRealPath() : path;
        } catch (java.io.IOException e) {
            return path;
        }
    }

    /** Settings of a stored connector. */
    Map<String, String> properties(String text) {
        try {
            return json.readValue(text, new TypeReference<LinkedHashMap<String, String>>() { });
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable connector settings", e);
        }
    }

    private String write(Map<String, String> properties) {
        try {
            return json.writeValueAsString(properties);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private ConnectorView view(ResultSet r, int n) throws SQLException {
        Instant started = instant(r.getTimestamp("last_started_at"));
        Instant created = instant(r.getTimestamp("created_at"));
        String schedule = r.getString("schedule");
        return new ConnectorView(r.getString("id"), r.getString("tenant_id"), r.getString("name"),
                r.getString("factory_id"), masked(properties(r.getString("properties"))), schedule,
                r.getString("knowledge_base"), names(r.getString("collections")), names(r.getString("reader_groups")),
                r.getString("state"), started, instant(r.getTimestamp("last_finished_at")), r.getString("last_outcome"),
                r.getString("last_error"), new ConnectorView.Counts(r.getInt("listed"), r.getInt("fetched"),
                r.getInt("indexed"), r.getInt("unchanged"), r.getInt("removed"), r.getInt("failed"),
                r.getInt("progress_done"), r.getInt("progress_total")),
                io.corrigo.server.Cron.next(schedule, started == null ? created : started));
    }

    /** Settings as the API shows them: a secret (stored encrypted) as the mask. */
    private static Map<String, String> masked(Map<String, String> properties) {
        properties.replaceAll((k, v) -> v != null && io.corrigo.server.secrets.SecretBox.isEncrypted(v)
                ? io.corrigo.server.pipeline.PipelineService.SECRET_MASK : v);
        return properties;
    }

    private static List<String> names(String csv) {
        return csv == null || csv.isBlank() ? List.of() : Arrays.stream(csv.split(",")).map(String::strip).toList();
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}

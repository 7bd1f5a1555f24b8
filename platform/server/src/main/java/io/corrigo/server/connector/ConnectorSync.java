package io.corrigo.server.connector;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.api.Connector;
import io.corrigo.api.ConnectorFactory;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.SourceContent;
import io.corrigo.api.SourceItem;
import io.corrigo.api.config.PluginConfig;
import io.corrigo.server.CorrigoProperties;
import io.corrigo.server.DaemonThreads;
import io.corrigo.server.Sql;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.knowledge.DocumentScope;
import io.corrigo.server.knowledge.DocumentView;
import io.corrigo.server.knowledge.IngestionService;
import io.corrigo.server.knowledge.JobView;
import io.corrigo.server.plugin.HostPluginContext;
import io.corrigo.server.problem.ServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.concurrent.DelegatingSecurityContextRunnable;
import org.springframework.stereotype.Service;

/**
 * One sync of a connector: list the source (with the versions of the last sync), fetch only the items whose version
 * changed, index only those whose content changed (SHA-256 of the bytes) — through the fair ingestion queue, each with
 * its metadata and readers — and remove the documents of items the source no longer holds. A sync is claimed in the
 * database first, so that of several hosts exactly one runs it; its counts and progress are written as it goes.
 */
@Service
public class ConnectorSync {

    private static final Logger log = LoggerFactory.getLogger(ConnectorSync.class);
    private static final int BATCH = IngestionService.MAX_FILES_PER_REQUEST;
    private static final int MAX_ERRORS_KEPT = 5;

    /** An item as the last sync left it. */
    private record Known(String itemId, String version, String contentHash, String documentId) {
    }

    private final JdbcTemplate jdbc;
    private final Connectors connectors;
    private final IngestionService ingestion;
    private final EmbeddingService embeddings;
    private final Clock clock;
    private final Path stateDir;
    private final String host;
    private final ExecutorService runs = Executors.newFixedThreadPool(2, DaemonThreads.named("corrigo-connector-"));

    private final AuditLog audit;

    ConnectorSync(JdbcTemplate jdbc, Connectors connectors, IngestionService ingestion, EmbeddingService embeddings,
                  Clock clock, CorrigoProperties properties, AuditLog audit,
                  @org.springframework.beans.factory.annotation.Value("${corrigo.host-id:}") String hostId) {
        this.audit = audit;
        this.jdbc = jdbc;
        this.connectors = connectors;
        this.ingestion = ingestion;
        this.embeddings = embeddings;
        this.clock = clock;
        this.stateDir = properties.dataDir().resolve("connector-state");
        this.host = io.corrigo.server.HostId.resolve(hostId);
    }

    /**
     * Starts a sync now, in the background.
     *
     * @return the connector, running
     * @throws ServiceException 404, 409 when it is syncing already
     */
    public ConnectorView start(String tenantId, String id) {
        ConnectorView connector = connectors.get(tenantId, id);
        if (!claim(connector)) {
            throw ServiceException.conflict(ErrorCode.CONNECTOR_RUNNING, "'" + connector.name() + "' is syncing already.");
        }
        audit.record("connector.sync", tenantId, id, null, java.util.Map.of("name", connector.name()));
        // the documents it uploads are the admin's who pressed Sync now, not the host's own
        runs.submit(new DelegatingSecurityContextRunnable(() -> run(tenantId, id)));
        return connectors.get(tenantId, id);
    }

    /** Claims a connector for a sync: only one host, only when it is not running (or its run was lost hours ago). */
    boolean claim(ConnectorView connector) {
        var now = Sql.utc(clock.instant());
        var stale = Sql.utc(clock.instant().minus(java.time.Duration.ofHours(6)));
        return jdbc.update("UPDATE connector SET state = 'RUNNING', claimed_by = ?, last_started_at = ?, last_error = NULL, "
                        + "progress_done = 0, progress_total = 0 WHERE id = ? AND (state <> 'RUNNING' OR last_started_at < ?)",
                host, now, connector.id(), stale) == 1;
    }

    /** Runs a claimed sync in the background. */
    void submit(String tenantId, String id) {
        runs.submit(() -> run(tenantId, id));
    }

    /** Runs a claimed sync to its end; never throws. */
    void run(String tenantId, String id) {
        Counter counts = new Counter();
        List<String> errors = new ArrayList<>();
        String outcome;
        try {
            ConnectorView connector = connectors.get(tenantId, id);
            sync(connector, counts, errors);
            outcome = errors.isEmpty() ? "OK" : "PARTIAL";
        } catch (RuntimeException | LinkageError e) {
            log.warn("Connector {} of tenant {}: sync failed: {}", id, tenantId, e.toString());
            errors.add(0, describe(e));
            outcome = "FAILED";
        }
        jdbc.update("UPDATE connector SET state = 'IDLE', claimed_by = NULL, last_finished_at = ?, last_outcome = ?, "
                        + "last_error = ?, listed = ?, fetched = ?, indexed = ?, unchanged = ?, removed = ?, failed = ?, "
                        + "progress_done = ?, progress_total = ? WHERE id = ?", Sql.utc(clock.instant()), outcome,
                errors.isEmpty() ? null : clip(String.join("; ", errors.subList(0, Math.min(MAX_ERRORS_KEPT, errors.size())))),
                counts.listed, counts.fetched, counts.indexed, counts.unchanged, counts.removed, counts.failed,
                counts.done, counts.total, id);
        log.info("Connector {} of tenant {}: {} — {} listed, {} fetched, {} indexed, {} unchanged, {} removed, {} failed",
                id, tenantId, outcome, counts.listed, counts.fetched, counts.indexed, counts.unchanged, counts.removed,
                counts.failed);
    }

    private static final class Counter {
        int listed;
        int fetched;
        int indexed;
        int unchanged;
        int removed;
        int failed;
        int done;
        int total;
    }

    private void sync(ConnectorView connector, Counter counts, List<String> errors) throws RuntimeException {
        ConnectorFactory factory = connectors.factory(connector.factoryId()).orElseThrow(() ->
                new IllegalStateException("no started plugin offers the connector '" + connector.factoryId() + "'"));
        PluginConfig config = PluginConfig.resolve(factory.configProperties(),
                connectors.settings(connector.tenant(), connector.id()));
        List<String> refused = connectors.refusals(config.asMap());
        if (!refused.isEmpty()) {
            throw new IllegalStateException(String.join("; ", refused));
        }
        Path directory;
        try {
            directory = Files.createDirectories(stateDir.resolve(connector.tenant()).resolve(connector.id()));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Connector source = factory.create(new HostPluginContext(connector.tenant(), directory, embeddings, clock), config);
        try {
            Map<String, Known> known = known(connector.id());
            Map<String, String> versions = new HashMap<>();
            known.forEach((key, k) -> versions.put(k.itemId(), k.version()));
            List<SourceItem> items = source.list(versions);
            counts.listed = items.size();
            Set<String> listed = new HashSet<>();
            List<SourceItem> changed = new ArrayList<>();
            for (SourceItem item : items) {
                if (!listed.add(key(item.id()))) {
                    continue; // listed twice: once is enough
                }
                Known k = known.get(key(item.id()));
                if (k != null && k.version().equals(item.version())) {
                    counts.unchanged++;
                } else {
                    changed.add(item);
                }
            }
            List<Known> gone = known.entrySet().stream().filter(e -> !listed.contains(e.getKey())).map(Map.Entry::getValue).toList();
            counts.total = changed.size() + gone.size();
            progress(connector.id(), counts);
            for (int from = 0; from < changed.size(); from += BATCH) {
                batch(connector, source, changed.subList(from, Math.min(changed.size(), from + BATCH)), known, counts, errors);
                counts.done = Math.min(changed.size(), from + BATCH);
                progress(connector.id(), counts);
            }
            for (Known k : gone) {
                if (k.documentId() != null) {
                    try {
                        ingestion.delete(connector.tenant(), k.documentId());
                    } catch (ServiceException e) {
                        // deleted in the knowledge base already
                    }
                }
                jdbc.update("DELETE FROM connector_item WHERE connector_id = ? AND item_key = ?", connector.id(), key(k.itemId()));
                counts.removed++;
                counts.done++;
            }
        } finally {
            if (source instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    log.debug("Connector {}: closing failed: {}", connector.id(), e.toString());
                }
            }
        }
    }

    /** Fetches a batch of new or changed items and sends those whose content changed to indexing. */
    private void batch(ConnectorView connector, Connector source, List<SourceItem> items, Map<String, Known> known,
                       Counter counts, List<String> errors) {
        List<IngestionService.Upload> uploads = new ArrayList<>();
        List<DocumentScope> scopes = new ArrayList<>();
        Map<String, SourceItem> byName = new LinkedHashMap<>();
        Map<String, String> hashes = new HashMap<>();
        for (SourceItem item : items) {
            SourceContent content;
            try {
                content = source.fetch(item);
                counts.fetched++;
            } catch (RuntimeException e) {
                counts.failed++;
                errors.add(item.id() + ": " + describe(e));
                continue;
            }
            String hash = io.corrigo.server.Tokens.sha256Hex(content.bytes());
            Known k = known.get(key(item.id()));
            if (k != null && hash.equals(k.contentHash())) {
                remember(connector, item, hash, k.documentId()); // a new version of the same content: nothing to index
                counts.unchanged++;
                continue;
            }
            String name = connector.name() + "/" + item.name();
            uploads.add(new IngestionService.Upload(name, content.contentType(), content.bytes()));
            scopes.add(scope(connector, item));
            byName.put(name, item);
            hashes.put(name, hash);
        }
        if (uploads.isEmpty()) {
            return;
        }
        Map<String, String> documentIds = new HashMap<>();
        try {
            submitted(ingestion.submit(connector.tenant(), connector.knowledgeBase(), uploads, scopes), documentIds);
        } catch (ServiceException batchRefused) {
            for (int i = 0; i < uploads.size(); i++) { // find the one refused, keep the others
                try {
                    submitted(ingestion.submit(connector.tenant(), connector.knowledgeBase(), List.of(uploads.get(i)),
                            List.of(scopes.get(i))), documentIds);
                } catch (ServiceException e) {
                    counts.failed++;
                    errors.add(byName.get(uploads.get(i).fileName()).id() + ": " + e.describe());
                }
            }
        }
        documentIds.forEach((name, documentId) -> {
            SourceItem item = byName.get(name);
            if (item != null) {
                remember(connector, item, hashes.get(name), documentId);
                counts.indexed++;
            }
        });
    }

    private static void submitted(JobView job, Map<String, String> documentIds) {
        for (DocumentView document : job.documents()) {
            documentIds.put(document.name(), document.id());
        }
    }

    /** The item's metadata and readers, its own where the source has them, else the connector's. */
    private static DocumentScope scope(ConnectorView connector, SourceItem item) {
        List<String> readers = item.readers() == null ? connector.groups() : List.copyOf(item.readers());
        try {
            return DocumentScope.of(connector.collections(), readers, item.metadata());
        } catch (ServiceException e) {
            Map<String, String> plain = new LinkedHashMap<>(); // what the source said that the host refuses is left out
            item.metadata().forEach((k, v) -> {
                if (k.equals("source_url") || k.equals("updated")) {
                    plain.put(k, v);
                }
            });
            try {
                return DocumentScope.of(connector.collections(), readers, plain);
            } catch (ServiceException again) {
                return DocumentScope.of(connector.collections(), readers, Map.of());
            }
        }
    }

    private void remember(ConnectorView connector, SourceItem item, String hash, String documentId) {
        Sql.updateOrInsert(jdbc, "UPDATE connector_item SET version = ?, content_hash = ?, document_id = ?, item_id = ? "
                        + "WHERE connector_id = ? AND item_key = ?",
                new Object[] {clip(item.version(), 500), hash, documentId, item.id(), connector.id(), key(item.id())},
                "INSERT INTO connector_item (tenant_id, connector_id, item_key, item_id, version, content_hash, document_id) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?)",
                new Object[] {connector.tenant(), connector.id(), key(item.id()), item.id(), clip(item.version(), 500),
                        hash, documentId});
    }

    private Map<String, Known> known(String connectorId) {
        Map<String, Known> known = new HashMap<>();
        jdbc.query("SELECT item_key, item_id, version, content_hash, document_id FROM connector_item WHERE connector_id = ?",
                r -> {
                    known.put(r.getString(1), new Known(r.getString(2), r.getString(3), r.getString(4), r.getString(5)));
                }, connectorId);
        return known;
    }

    private void progress(String id, Counter counts) {
        jdbc.update("UPDATE connector SET listed = ?, fetched = ?, indexed = ?, unchanged = ?, removed = ?, failed = ?, "
                        + "progress_done = ?, progress_total = ? WHERE id = ?", counts.listed, counts.fetched,
                counts.indexed, counts.unchanged, counts.removed, counts.failed, counts.done, counts.total, id);
    }

    private static String key(String itemId) {
        return io.corrigo.server.Tokens.sha256Hex(itemId);
    }

    private static String describe(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static String clip(String text) {
        return clip(text, 2000);
    }

    private static String clip(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }
}

package io.corrigo.server.plugin;

import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.DaemonThreads;
import io.corrigo.server.HostId;
import jakarta.annotation.PreDestroy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Plugins changed through the admin UI or API on one host, followed by every host sharing the database.
 *
 * <p>Each change an admin makes on this host (install, upgrade, downgrade, disable, enable, uninstall) is written to
 * the {@code plugin_catalogue} table with the plugin file. Every {@code corrigo.plugins.sync-seconds} each host
 * applies the table to its own plugins directory: it installs a file it does not have (by SHA-256), disables,
 * enables or removes what the table says. Changes the sync makes are not written back. Shipped plugins without a row
 * stay as each host's directory has them. A file a host refuses (its trust store, its plugin API) is reported once
 * per file and state, not retried every round.
 */
@Component
public class PluginCatalogue {

    private static final Logger log = LoggerFactory.getLogger(PluginCatalogue.class);

    /** What the catalogue says about one plugin. */
    enum State { INSTALLED, DISABLED, REMOVED }

    /** A row without its file. */
    record Entry(String pluginId, State state, String version, String fileName, String sha256, String changedBy) {
    }

    private final JdbcTemplate jdbc;
    private final AuditLog audit;
    private final PluginHost host;
    private final String hostId;
    private final long syncSeconds;
    private final Clock clock;
    private final ThreadLocal<Boolean> syncing = ThreadLocal.withInitial(() -> false);
    private final Set<String> reported = ConcurrentHashMap.newKeySet();
    private ScheduledExecutorService scheduler;

    @Autowired
    PluginCatalogue(JdbcTemplate jdbc, PluginHost host, @Value("${corrigo.host-id:}") String hostId,
                    @Value("${corrigo.plugins.sync-seconds:10}") long syncSeconds, Clock clock, AuditLog audit) {
        this.audit = audit;
        this.jdbc = jdbc;
        this.host = host;
        this.hostId = HostId.resolve(hostId);
        this.syncSeconds = syncSeconds;
        this.clock = clock;
        host.onChange(this::record);
    }

    /** Starts following the catalogue once the host serves requests; {@code sync-seconds} 0 turns it off. */
    @EventListener(ApplicationReadyEvent.class)
    void start() {
        if (syncSeconds > 0 && scheduler == null) {
            scheduler = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("plugin-catalogue"));
            scheduler.scheduleWithFixedDelay(this::syncQuietly, 0, syncSeconds, TimeUnit.SECONDS);
        }
    }

    @PreDestroy
    void stop() {
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
    }

    /** The catalogue's rows, without files. */
    List<Entry> entries() {
        return jdbc.query("SELECT plugin_id, state, version, file_name, sha256, changed_by FROM plugin_catalogue ORDER BY plugin_id",
                (r, i) -> new Entry(r.getString(1), State.valueOf(r.getString(2)), r.getString(3), r.getString(4),
                        r.getString(5), r.getString(6)));
    }

    /** Writes this host's state of {@code pluginId} after an admin changed it here. */
    void record(String pluginId) {
        if (syncing.get()) {
            return;
        }
        Optional<PluginInfo> info = host.plugins().stream().filter(p -> p.id().equals(pluginId)).findFirst();
        audit(pluginId, host.beforeChange(pluginId).map(PluginInfo::withoutRunnerState),
                info.map(PluginInfo::withoutRunnerState));
        if (info.isEmpty()) {
            write(pluginId, State.REMOVED, null, null, null, null);
            return;
        }
        State state = switch (info.get().state()) {
            case "STARTED" -> State.INSTALLED;
            case "DISABLED" -> State.DISABLED;
            default -> null; // a plugin that failed here is not something to hand to the other hosts
        };
        Optional<Path> file = host.file(pluginId);
        if (state == null || file.isEmpty()) {
            return;
        }
        try {
            byte[] content = Files.readAllBytes(file.get());
            write(pluginId, state, info.get().version(), file.get().getFileName().toString(), info.get().sha256(), content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An admin's plugin change into the audit log, named by what changed between before and after. */
    private void audit(String pluginId, Optional<PluginInfo> before, Optional<PluginInfo> after) {
        if (before.equals(after)) {
            return; // a replacement that did not start and was put back: nothing changed
        }
        String action = before.isEmpty() ? "install" : after.isEmpty() ? "uninstall"
                : !before.get().version().equals(after.get().version()) ? "replace"
                : after.get().state().equals("DISABLED") ? "disable"
                : before.get().state().equals("DISABLED") ? "enable" : "change";
        audit.record("plugin." + action, null, pluginId, before.orElse(null), after.orElse(null));
    }

    private void write(String pluginId, State state, String version, String fileName, String sha256, byte[] content) {
        Timestamp now = Timestamp.from(clock.instant());
        int updated = jdbc.update("UPDATE plugin_catalogue SET state = ?, version = ?, file_name = ?, sha256 = ?, content = ?, "
                + "changed_at = ?, changed_by = ? WHERE plugin_id = ?", state.name(), version, fileName, sha256, content, now, hostId, pluginId);
        if (updated == 0) {
            try {
                jdbc.update("INSERT INTO plugin_catalogue (plugin_id, state, version, file_name, sha256, content, changed_at, changed_by) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", pluginId, state.name(), version, fileName, sha256, content, now, hostId);
            } catch (DuplicateKeyException another) { // another host wrote the first row at the same moment: ours is newer
                write(pluginId, state, version, fileName, sha256, content);
            }
        }
        log.info("Plugin {}{} {}: recorded for every host sharing this database", pluginId,
                version == null ? "" : " " + version, state.name().toLowerCase(java.util.Locale.ROOT));
    }

    private void syncQuietly() {
        try {
            sync();
        } catch (RuntimeException e) {
            log.warn("Following the plugin catalogue failed this round: {}", e.getMessage());
        }
    }

    /**
     * Applies the catalogue to this host's plugins; returns how many changes it made. The table is read without the
     * plugin lifecycle lock (a slow database does not hold queries up); a row that asks for a change is read again
     * under the lock, where an admin's change on this host (recorded under the same lock) cannot slip in between.
     */
    int sync() {
        int changes = 0;
        syncing.set(true);
        try {
            Map<String, PluginInfo> here = local();
            for (Entry seen : entries()) {
                String attempt = seen.pluginId() + "@" + seen.sha256() + ":" + seen.state();
                if (reported.contains(attempt) || !differs(seen, here.get(seen.pluginId()))) {
                    continue;
                }
                try {
                    changes += host.lifecycle().exclusively(() -> {
                        Optional<Entry> entry = entry(seen.pluginId());
                        PluginInfo local = local().get(seen.pluginId());
                        return entry.isPresent() && differs(entry.get(), local) ? apply(entry.get(), local) : 0;
                    });
                } catch (RuntimeException e) {
                    reported.add(attempt);
                    log.warn("Plugin {} {} from the catalogue (changed on {}) cannot be applied on this host: {}",
                            seen.pluginId(), seen.version() == null ? "" : seen.version(), seen.changedBy(), e.getMessage());
                }
            }
        } finally {
            syncing.set(false);
        }
        return changes;
    }

    private Map<String, PluginInfo> local() {
        return host.plugins().stream().collect(Collectors.toMap(PluginInfo::id, Function.identity(), (a, b) -> a));
    }

    private Optional<Entry> entry(String pluginId) {
        return entries().stream().filter(e -> e.pluginId().equals(pluginId)).findFirst();
    }

    /** Whether this host's plugin is not what the catalogue says. */
    private static boolean differs(Entry entry, PluginInfo local) {
        return switch (entry.state()) {
            case REMOVED -> local != null;
            case INSTALLED -> local == null || !entry.sha256().equals(local.sha256()) || "DISABLED".equals(local.state());
            case DISABLED -> local == null || !entry.sha256().equals(local.sha256()) || "STARTED".equals(local.state());
        };
    }

    /** Makes this host's plugin what {@code entry} says; called only when {@link #differs} holds. */
    private int apply(Entry entry, PluginInfo local) {
        if (entry.state() == State.REMOVED) {
            host.uninstall(entry.pluginId());
            log.info("Plugin {} removed, as {} did", entry.pluginId(), entry.changedBy());
            return 1;
        }
        int changes = 0;
        if (local == null || !entry.sha256().equals(local.sha256())) {
            byte[] content = jdbc.queryForObject("SELECT content FROM plugin_catalogue WHERE plugin_id = ?", byte[].class, entry.pluginId());
            if (content == null || !entry.sha256().equals(PluginTrust.sha256(content))) {
                throw new IllegalStateException("the stored file does not match its SHA-256");
            }
            local = host.install(entry.fileName(), content, true);
            log.info("Plugin {} {} installed, as on {}", entry.pluginId(), entry.version(), entry.changedBy());
            changes++;
        }
        if (entry.state() == State.DISABLED && "STARTED".equals(local.state())) {
            host.disable(entry.pluginId());
            log.info("Plugin {} disabled, as on {}", entry.pluginId(), entry.changedBy());
            changes++;
        } else if (entry.state() == State.INSTALLED && "DISABLED".equals(local.state())) {
            host.enable(entry.pluginId());
            log.info("Plugin {} enabled, as on {}", entry.pluginId(), entry.changedBy());
            changes++;
        }
        return changes;
    }
}

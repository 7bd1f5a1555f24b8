package io.corrigo.server.outbound;

import io.corrigo.server.Sql;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.ServiceException;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;

/**
 * The outbound addresses a platform admin allows from the admin UI (table {@code outbound_allow}), beside the host
 * configuration's {@code corrigo.outbound.allow}: an intranet to crawl, a model server on the local network. A change
 * applies to the {@link OutboundPolicy} of this host at once and of every other host within a minute, without a
 * restart; each is audited. Plugin runners started before a change keep the list they were started with.
 */
@Service
public class OutboundAllowList {

    /**
     * One allowed entry.
     *
     * @param entry     a host name, an IP address, {@code host:port} (the host on every port) or a CIDR range
     * @param note      why it is allowed (may be empty)
     * @param createdBy who allowed it
     * @param createdAt when
     */
    public record Entry(String entry, String note, String createdBy, Instant createdAt) {
    }

    private final JdbcTemplate jdbc;
    private final OutboundPolicy policy;
    private final AuditLog audit;
    private final Clock clock;

    OutboundAllowList(JdbcTemplate jdbc, OutboundPolicy policy, AuditLog audit, Clock clock) {
        this.jdbc = jdbc;
        this.policy = policy;
        this.audit = audit;
        this.clock = clock;
    }

    /** The entries added here, oldest first. */
    public List<Entry> list() {
        return jdbc.query("SELECT entry, note, created_by, created_at FROM outbound_allow ORDER BY created_at, entry",
                (rs, n) -> new Entry(rs.getString("entry"), rs.getString("note"), rs.getString("created_by"),
                        rs.getObject("created_at", OffsetDateTime.class).toInstant()));
    }

    /** The entries of the host configuration, which only a restart changes. */
    public List<String> configured() {
        return policy.configured();
    }

    /**
     * Allows {@code entry} from now on. @throws ServiceException 400 for an entry that is not a host, an address,
     * {@code host:port} or a CIDR range, or one already allowed
     */
    public Entry add(String entry, String note, String actor) {
        String clean;
        try {
            clean = OutboundPolicy.check(entry);
        } catch (IllegalArgumentException e) {
            throw ServiceException.invalid(ErrorCode.INVALID_OUTBOUND, "Not allowed: " + e.getMessage() + ".");
        }
        if (list().stream().anyMatch(e -> e.entry().equals(clean))) {
            throw ServiceException.invalid(ErrorCode.INVALID_OUTBOUND, "'" + clean + "' is already allowed.");
        }
        String why = note == null || note.isBlank() ? null : note.strip();
        if (why != null && why.length() > 300) { // the column's length: what is returned and audited is what is kept
            why = why.substring(0, 300);
        }
        Entry added = new Entry(clean, why, actor, clock.instant());
        jdbc.update("INSERT INTO outbound_allow (entry, note, created_by, created_at) VALUES (?, ?, ?, ?)", clean,
                why, actor, Sql.utc(added.createdAt()));
        audit.record("outbound.allow", null, clean, null, added);
        apply();
        return added;
    }

    /** No longer allows {@code entry}. @throws ServiceException 404 for one not added here */
    public void remove(String entry, String actor) {
        Entry before = list().stream().filter(e -> e.entry().equals(entry)).findFirst()
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.INVALID_OUTBOUND,
                        "'" + entry + "' is not on the allow-list kept here."));
        jdbc.update("DELETE FROM outbound_allow WHERE entry = ?", entry);
        audit.record("outbound.disallow", null, entry, before, null);
        apply();
    }

    /** Reads the entries into this host's policy: at start, after a change here, and every minute for other hosts'. */
    @EventListener(ApplicationReadyEvent.class)
    @Scheduled(fixedDelay = 60_000, initialDelay = 60_000)
    public void apply() {
        policy.allowAlso(list().stream().map(Entry::entry).toList());
    }
}

package io.corrigo.server.audit;

import java.time.Instant;

/**
 * A filter over the audit log; every part is optional.
 *
 * @param actor  exactly this user
 * @param action an action, or a kind ({@code pipeline} matches every {@code pipeline.*})
 * @param tenant exactly this tenant
 * @param from   at or after
 * @param to     before
 */
public record AuditQuery(String actor, String action, String tenant, Instant from, Instant to) {

    /** No filter. */
    public static final AuditQuery ALL = new AuditQuery(null, null, null, null, null);
}

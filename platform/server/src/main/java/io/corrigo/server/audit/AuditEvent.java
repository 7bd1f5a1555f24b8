package io.corrigo.server.audit;

import java.time.Instant;

/**
 * One recorded change or sign-in.
 *
 * @param id      its number, increasing
 * @param at      when
 * @param actor   the admin user (or {@code system} for the host's own work, or the name tried at a failed sign-in)
 * @param via     how the actor was signed in when not with a password or session: {@code token <id>}; else null
 * @param address the client's address (as the host sees it, behind a proxy the forwarded one when configured)
 * @param action  what was done, {@code <kind>.<verb>} such as {@code pipeline.publish} or {@code sign-in.failed}
 * @param tenant  the tenant it concerns, or null for platform-wide changes
 * @param target  what it was done to (a plugin id, a user name, a key id, a version), or null
 * @param outcome {@code ok}, or {@code refused} for a failed sign-in
 * @param before  the state before as JSON with secrets masked, or null
 * @param after   the state after as JSON with secrets masked, or null
 */
public record AuditEvent(long id, Instant at, String actor, String via, String address, String action, String tenant,
                         String target, String outcome, String before, String after) {
}

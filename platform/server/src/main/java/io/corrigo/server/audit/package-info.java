/**
 * Who changed what: {@link io.corrigo.server.audit.AuditLog} records every admin change (pipelines, plugins, keys,
 * users, tokens, tenants, settings, knowledge) and every sign-in and failed sign-in, with the actor, the token used,
 * the client address, and the state before and after with secrets masked. The services that change things call it;
 * the audit endpoints and the admin UI's Audit view read and export it.
 */
package io.corrigo.server.audit;

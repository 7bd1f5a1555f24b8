/**
 * Connectors: sources a tenant's knowledge base is kept in step with (a website, a server folder, …) through
 * {@link io.corrigo.api.Connector} plugins. {@link io.corrigo.server.connector.Connectors} keeps their settings (checked
 * like a pipeline stage's, plus the folders the platform admin allowed), {@link io.corrigo.server.connector.ConnectorSync}
 * runs one sync (list, fetch what changed, index what changed by content hash through the fair ingestion queue, remove
 * what is gone), {@link io.corrigo.server.connector.ConnectorSchedule} starts the syncs that are due on any host.
 */
package io.corrigo.server.connector;

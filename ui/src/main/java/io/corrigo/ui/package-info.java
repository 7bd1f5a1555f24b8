/**
 * The admin web UI (Vaadin Flow): sign-in, tenants, pipeline editor, playground, knowledge, runs, plugins,
 * resilience and users. Views call the host's services only (never repositories or PF4J) and check the signed-in
 * admin's tenant scope through {@link io.corrigo.server.security.TenantAccess}, like the REST API.
 */
package io.corrigo.ui;

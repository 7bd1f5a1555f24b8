/**
 * Who may do what: admin users (platform admins see everything, tenant admins only their tenants), password
 * hashing, the first platform admin, HTTP Basic for the REST API, and the tenant scope checked on every
 * {@code /api/v1/tenants/{tenant}/...} request and by every admin view.
 */
package io.corrigo.server.security;

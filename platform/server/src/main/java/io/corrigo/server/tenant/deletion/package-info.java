/** Deleting a tenant with everything it owns: rows of every feature, files, index, keys, runs. */
package io.corrigo.server.tenant.deletion;

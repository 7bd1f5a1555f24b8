/**
 * Curated answers: an admin's own answer (or abstention) for a question and its variants, served in place of the
 * pipeline's when a new question matches one closely; per tenant, versioned, audited, deleted with the tenant.
 */
package io.corrigo.server.curated;

/**
 * Asking and remembering: {@link io.corrigo.server.run.QueryService} runs a question through the tenant's
 * pipeline and stores every run with its full trace; the run endpoints read them back, scoped to their tenant.
 */
package io.corrigo.server.run;

/**
 * Step −1 of every run: the tenant's guardrail ({@link io.corrigo.api.Guardrail}) redacts the question and the
 * conversation before anything else sees them — retrieval, the web-search provider, every model, the trace and the run
 * log — and the answer before the log keeps it ({@link io.corrigo.engine.guard.GuardStage}). It fails closed.
 */
package io.corrigo.engine.guard;

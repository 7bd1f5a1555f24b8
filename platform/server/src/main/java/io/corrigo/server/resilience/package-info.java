/**
 * Resilience of the web-search fallback, in the host, around every search call: per tenant and provider a time
 * budget, a circuit breaker, a bulkhead, a retry with jittered backoff that never runs past the budget, a rate
 * limiter, and respect for a provider's 429 Retry-After ({@link io.corrigo.server.resilience.PluginGuards}).
 * Failures reach the engine as exceptions, which degrade the answer; they never fail the query.
 */
package io.corrigo.server.resilience;

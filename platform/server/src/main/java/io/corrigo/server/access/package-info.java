/**
 * Access for the outside world: per-tenant publishable keys (the chat widget: ask and feedback only, from allowed
 * origins, CORS for those only) and secret keys (servers), stored as hashes; rate limits per key and per client
 * IP; the public endpoints under {@code /public/v1}.
 */
package io.corrigo.server.access;

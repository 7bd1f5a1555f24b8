/**
 * The {@code bench} command: a load and latency benchmark of a running deployment over HTTP (its admin API), the
 * tenant measured side by side with a baseline tenant in one run. A client of the host, not part of it.
 */
package io.corrigo.server.bench;

/**
 * Where tenant settings may send the host: the outbound-address policy ({@link io.corrigo.server.outbound.OutboundPolicy})
 * that keeps plugin settings from reaching loopback, link-local, private and other internal addresses unless a
 * platform admin allow-listed them.
 */
package io.corrigo.server.outbound;

/**
 * The kinds of extension a pipeline is built from, each described once ({@link io.corrigo.server.plugin.kind.StageKind}):
 * the host, the plugin runner, connection tests and the admin UI iterate the descriptors instead of listing kinds. The
 * plugin feature's named interface {@code kind}: the pipeline, evaluation, impact, demo and bench features read it.
 */
@NamedInterface("kind")
package io.corrigo.server.plugin.kind;

import org.springframework.modulith.NamedInterface;

/** The host's domain errors: what services throw instead of HTTP types, mapped once at each edge. */
package io.corrigo.server.problem;

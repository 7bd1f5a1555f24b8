/**
 * Between steps 3 and 4: routing. {@link io.corrigo.engine.route.Router} turns graded passages into a
 * {@link io.corrigo.engine.route.Route}: the action, the passages kept and whether the web search fallback runs.
 */
package io.corrigo.engine.route;

package io.corrigo.engine.trace;

/**
 * Something the run had to work around, e.g. a plugin that threw. A notice with {@code degrading} set means
 * the answer may be worse than it should be, and the run is flagged degraded.
 */
public record Notice(Stage stage, String message, boolean degrading) {
}

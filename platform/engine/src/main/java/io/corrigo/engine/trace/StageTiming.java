package io.corrigo.engine.trace;

/** How long a stage took, in milliseconds. */
public record StageTiming(Stage stage, double millis) {
}

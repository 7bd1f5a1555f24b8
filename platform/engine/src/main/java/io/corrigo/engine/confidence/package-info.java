/**
 * The last word on an answer before it is served: how sure it is ({@link io.corrigo.engine.confidence.AnswerConfidence},
 * and what a medium one gets: {@link io.corrigo.engine.confidence.ConfidencePolicy}), and whether its sources disagree
 * ({@link io.corrigo.engine.confidence.SourceConflicts}). Reads the run's trace; knows nothing of the pipeline itself.
 */
package io.corrigo.engine.confidence;

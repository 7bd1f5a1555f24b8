/**
 * The tunable numbers of a pipeline ({@link io.corrigo.engine.settings.PipelineSettings} and its Self-RAG part):
 * plain values every stage reads and the trace records, depending on nothing else in the engine.
 */
package io.corrigo.engine.settings;

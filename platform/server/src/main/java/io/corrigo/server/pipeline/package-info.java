/**
 * Tenant pipelines: which plugin serves each stage (factory id + properties) and the engine's settings, stored as
 * immutable versions ({@link io.corrigo.server.pipeline.PipelineService}), and turned into a running
 * {@link io.corrigo.engine.CorrectivePipeline} per tenant by {@link io.corrigo.server.pipeline.PipelineRuntimes}.
 */
package io.corrigo.server.pipeline;

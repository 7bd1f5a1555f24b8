/**
 * The corrective pipeline in plain Java, with no Spring in sight. {@link io.corrigo.engine.CorrectivePipeline}
 * orchestrates one run; each step is a stage class in a package of its own ({@code retrieve}, {@code grade},
 * {@code correct}, {@code refine}, {@code generate}), and {@code trace} records every decision. The host builds a
 * pipeline from a tenant's plugins and {@link io.corrigo.engine.settings.PipelineSettings}; tests build it from fakes.
 */
package io.corrigo.engine;

/**
 * The run trace: everything a run decided, as immutable records, so that an admin can answer "why did it say
 * that?" from the trace alone. {@link io.corrigo.engine.trace.TraceRecorder} collects it during a run.
 */
package io.corrigo.engine.trace;

package io.corrigo.engine;

import io.corrigo.api.Answer;
import io.corrigo.engine.trace.RunTrace;

/**
 * What a run returns: the answer and its trace.
 *
 * @param answer the answer, with citations, or an abstention
 * @param trace  every decision of the run
 */
public record RunResult(Answer answer, RunTrace trace) {

    /** Whether a plugin failure or an open circuit made the answer worse than it should be. */
    public boolean degraded() {
        return trace.degraded();
    }
}

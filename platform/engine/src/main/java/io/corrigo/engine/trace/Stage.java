package io.corrigo.engine.trace;

/** The steps of a run, in order; timings and notices are recorded per step. */
public enum Stage {
    GUARD, CONDENSE, ANALYSE, RETRIEVE, RERANK, EVALUATE, CORRECT, REFINE, GENERATE, CRITIQUE
}

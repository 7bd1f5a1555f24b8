package io.corrigo.engine.trace;

/** The steps of a run, in order; timings and notices are recorded per step. */
public enum Stage {
    ANALYSE, RETRIEVE, EVALUATE, CORRECT, REFINE, GENERATE, CRITIQUE
}

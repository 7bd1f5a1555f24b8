package io.corrigo.engine.settings;

/** How a pipeline answers. */
public enum Mode {
    /** Retrieve top-k and generate: no grading, no fallback, no refinement. The baseline every evaluation compares with. */
    NAIVE,
    /** Corrective RAG: grade, correct with web search, refine, then generate. */
    CORRECTIVE
}

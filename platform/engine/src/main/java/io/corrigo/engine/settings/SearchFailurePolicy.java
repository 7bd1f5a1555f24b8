package io.corrigo.engine.settings;

/** What a run does when it needed the web fallback and the fallback failed (error, timeout, open circuit). */
public enum SearchFailurePolicy {
    /**
     * Answer from the best knowledge-base passages still relevant enough to pass refinement, flagged "may be
     * incomplete"; abstain when none is.
     */
    ANSWER_FROM_KB,
    /** Decline with a structured refusal: not enough reliable information right now. */
    REFUSE
}

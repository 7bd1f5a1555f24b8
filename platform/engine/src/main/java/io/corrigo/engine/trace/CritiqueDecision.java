package io.corrigo.engine.trace;

/** What the critique loop did after judging a candidate answer. */
public enum CritiqueDecision {
    /** Good enough: served (unsupported sentences, if any, removed). */
    SERVE,
    /** Some sentences unsupported: generate again from the same context, told what to avoid. */
    REGENERATE,
    /** Nothing supported or not useful: rewrite the question and retrieve again. */
    RETRIEVE_AGAIN,
    /** Out of rounds: the best candidate so far served, unsupported sentences removed. */
    SERVE_BEST,
    /** Out of rounds (or the generator abstained) and nothing supported: abstained. */
    ABSTAIN,
    /** The critic failed: the answer was served unchecked. */
    UNCHECKED
}

package io.corrigo.api;

/**
 * CRAG's three-way judgement, of one passage (from its score and the pipeline's thresholds) and of the whole
 * retrieval (the action the pipeline takes).
 */
public enum Grade {
    /** Relevant: a passage at or above the upper threshold; as an action, the knowledge base answers. */
    CORRECT,
    /** Unsure: between the thresholds; as an action, keep the knowledge base and add web search results. */
    AMBIGUOUS,
    /** Irrelevant: below the lower threshold; as an action, drop the knowledge base and search the web. */
    INCORRECT
}

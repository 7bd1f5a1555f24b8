package io.corrigo.engine.settings;

/** What a pipeline does when its sources give different figures or dates for the asked detail. */
public enum ConflictPolicy {
    /** The answer says so first, each value with its citation ("The sources disagree: [1] gives 2019; [2] gives 2021."). */
    NAME_BOTH,
    /** No answer: the abstention says the sources disagree. */
    ABSTAIN,
    /**
     * Served as the generator wrote it; the trace still flags the conflict (the default: on the development set the
     * one conflict found was two counts of different things, 400 cases reported and 3 cases one lab diagnosed).
     */
    IGNORE
}

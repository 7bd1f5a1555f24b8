package io.corrigo.engine.trace;

import io.corrigo.api.Grade;

/**
 * The retrieval decision of a run, announced as soon as it is taken (before generation), for callers that show the
 * run's progress live; the trace records the same facts in full.
 *
 * @param retrieve  whether the knowledge base is consulted (Self-RAG's Retrieve decision)
 * @param action    the corrective action of the graded passages, or {@code null} when nothing was retrieved
 * @param graded    how many passages were graded
 * @param kept      how many of them are kept as evidence
 * @param webSearch whether the question goes to the web search fallback
 * @param reason    why, in a few words
 */
public record Decision(boolean retrieve, Grade action, int graded, int kept, boolean webSearch, String reason) {

    /** Retrieval was skipped (a greeting, a question about the assistant). */
    public static Decision noRetrieval(String reason) {
        return new Decision(false, null, 0, 0, false, reason);
    }
}

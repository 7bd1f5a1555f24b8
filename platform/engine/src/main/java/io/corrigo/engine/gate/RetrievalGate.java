package io.corrigo.engine.gate;

import io.corrigo.engine.settings.SelfRagSettings;

import io.corrigo.api.Critic;
import io.corrigo.api.Query;
import io.corrigo.api.RetrievalNeed;
import io.corrigo.engine.trace.Failures;
import io.corrigo.engine.trace.RetrievalDecision;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;

/**
 * Self-RAG's Retrieve decision: asks the critic when there is one and it has an opinion, else the
 * {@link ConversationalTurns} heuristic. A critic that fails is noted and the heuristic decides.
 */
public final class RetrievalGate {

    private final Critic critic;

    /** @param critic the pipeline's critic, or {@code null} */
    public RetrievalGate(Critic critic) {
        this.critic = critic;
    }

    /** The decision for {@code query}, recorded in the trace. */
    public RetrievalDecision decide(Query query, SelfRagSettings settings, TraceRecorder trace) {
        RetrievalDecision decision = settings.decideRetrieval()
                ? decide(query, trace)
                : new RetrievalDecision(true, "settings", "retrieve-or-not is switched off: always retrieve");
        trace.retrievalDecision(decision);
        return decision;
    }

    private RetrievalDecision decide(Query query, TraceRecorder trace) {
        if (critic != null) {
            try {
                RetrievalNeed need = critic.needsRetrieval(query);
                if (need == RetrievalNeed.RETRIEVE) {
                    return new RetrievalDecision(true, "critic", "the critic asked for retrieval");
                }
                if (need == RetrievalNeed.NO_RETRIEVAL) {
                    return new RetrievalDecision(false, "critic", "the critic judged that no retrieval is needed");
                }
            } catch (RuntimeException e) {
                trace.notice(Stage.ANALYSE, "the critic's retrieval decision failed: " + Failures.describe(e)
                        + "; the heuristic decided", false);
            }
        }
        return ConversationalTurns.isConversational(query.text())
                ? new RetrievalDecision(false, "heuristic", "a greeting, thanks or a question about the assistant")
                : new RetrievalDecision(true, "heuristic", "a question with content");
    }
}

package io.corrigo.server.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.corrigo.api.Citation;
import io.corrigo.engine.trace.RunTrace;
import java.time.Instant;
import java.util.List;

/**
 * A stored run; {@code citations} and {@code trace} are left out of listings ({@code null}). The trace is the engine's
 * own {@link RunTrace}, so the admin UI renders the records the pipeline wrote rather than JSON paths.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunView(String id, String tenant, int pipelineVersion, String question, String answer,
                      boolean abstained, boolean degraded, String action, String mode, double totalMillis,
                      Instant createdAt, Feedback feedback, List<Citation> citations, RunTrace trace, Usage usage,
                      String channel, String keyId) {

    /**
     * What the run's generation used and cost: the tokens its provider reported, the model they were priced by, the
     * price by the host's price table.
     */
    public record Usage(int inputTokens, int outputTokens, String model, double cost) {
    }

    /** A user's rating of the answer. */
    public record Feedback(String rating, String comment, Instant at) {
    }

    /** The run as it was just answered, without reading it back from the run log. */
    static RunView of(RunRecord r, List<Citation> citations, RunTrace trace) {
        return new RunView(r.id, r.tenantId, r.pipelineVersion, r.question, r.answer, r.abstained, r.degraded,
                r.action, r.mode, r.totalMillis, r.createdAt, feedbackOf(r), citations, trace,
                r.inputTokens == null ? null : new Usage(r.inputTokens, r.outputTokens == null ? 0 : r.outputTokens,
                        r.model, r.cost == null ? 0 : r.cost), r.channel, r.keyId);
    }

    /** The run without citations and trace, for listings. */
    static RunView summary(RunRecord r) {
        return of(r, null, null);
    }

    private static Feedback feedbackOf(RunRecord r) {
        return r.feedback == null ? null : new Feedback(r.feedback, r.feedbackComment, r.feedbackAt);
    }
}

package io.corrigo.api;

import java.util.List;
import java.util.Objects;

/**
 * What a {@link Generator} answers from.
 *
 * @param query            the user's question
 * @param context          the refined context, in the order it should be read; never {@code null}; empty when
 *                         nothing relevant survived grading, or when retrieval was skipped
 * @param retrievalSkipped true when the pipeline decided the question needs no retrieval (a greeting, thanks):
 *                         answer briefly without facts; false otherwise, and then an empty context means abstain
 * @param feedback         the critic's objection to an earlier answer to this question (e.g. the sentences the
 *                         context does not support), to be avoided this time; {@code null} on the first attempt
 */
public record GenerationRequest(Query query, List<ContextStrip> context, boolean retrievalSkipped, String feedback) {

    public GenerationRequest {
        Objects.requireNonNull(query, "query");
        context = context == null ? List.of() : List.copyOf(context);
    }

    /** A first attempt from retrieved context. */
    public GenerationRequest(Query query, List<ContextStrip> context) {
        this(query, context, false, null);
    }

    /** A copy carrying the critic's feedback on the previous attempt. */
    public GenerationRequest withFeedback(String value) {
        return new GenerationRequest(query, context, retrievalSkipped, value);
    }
}

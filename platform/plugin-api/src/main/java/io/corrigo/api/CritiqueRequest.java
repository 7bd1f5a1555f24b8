package io.corrigo.api;

import java.util.List;
import java.util.Objects;

/**
 * What a {@link Critic} judges.
 *
 * @param query   the question (possibly rewritten in a later round)
 * @param context the refined context the answer was written from
 * @param answer  the answer; never an abstention
 */
public record CritiqueRequest(Query query, List<ContextStrip> context, Answer answer) {

    public CritiqueRequest {
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(answer, "answer");
        context = context == null ? List.of() : List.copyOf(context);
    }
}

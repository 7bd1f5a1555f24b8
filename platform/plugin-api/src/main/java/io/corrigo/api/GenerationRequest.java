package io.corrigo.api;

import java.util.List;
import java.util.Objects;

/**
 * What a {@link Generator} answers from.
 *
 * @param query   the user's question
 * @param context the refined context, in the order it should be read; never {@code null}, possibly empty
 */
public record GenerationRequest(Query query, List<ContextStrip> context) {

    public GenerationRequest {
        Objects.requireNonNull(query, "query");
        context = context == null ? List.of() : List.copyOf(context);
    }
}

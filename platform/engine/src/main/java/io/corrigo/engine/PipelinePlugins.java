package io.corrigo.engine;

import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Generator;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Retriever;
import io.corrigo.api.SearchProvider;
import io.corrigo.engine.trace.PluginRef;
import java.util.List;
import java.util.Objects;

/**
 * The plugin instances one pipeline runs with. The host passes a search provider already wrapped in its
 * resilience decorators; the engine only catches what still fails.
 *
 * @param retriever      the knowledge-base retriever
 * @param evaluator      the retrieval evaluator (unused in naive mode)
 * @param searchProvider the web fallback, or {@code null} for none: INCORRECT then means abstaining
 * @param generator      the generator
 * @param embeddings     the host's embeddings, for the query and for web results
 * @param refs           which plugin serves which role, for the trace
 */
public record PipelinePlugins(Retriever retriever, RetrievalEvaluator evaluator, SearchProvider searchProvider,
                              Generator generator, EmbeddingService embeddings, List<PluginRef> refs) {

    public PipelinePlugins {
        Objects.requireNonNull(retriever, "retriever");
        Objects.requireNonNull(evaluator, "evaluator");
        Objects.requireNonNull(generator, "generator");
        Objects.requireNonNull(embeddings, "embeddings");
        refs = refs == null ? List.of() : List.copyOf(refs);
    }
}

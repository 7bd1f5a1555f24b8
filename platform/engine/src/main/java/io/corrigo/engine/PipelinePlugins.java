package io.corrigo.engine;

import io.corrigo.api.Critic;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Generator;
import io.corrigo.api.QueryRewriter;
import io.corrigo.api.Reranker;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Retriever;
import io.corrigo.api.SearchProvider;
import io.corrigo.engine.trace.PluginRef;
import java.util.List;
import java.util.Objects;

/**
 * The plugin instances one pipeline runs with, one typed slot per extension kind. The host passes instances already
 * wrapped in their resilience guards; the engine only catches what still fails.
 *
 * @param retriever      the knowledge-base retriever
 * @param evaluator      the retrieval evaluator (unused in naive mode)
 * @param searchProvider the web fallback, or {@code null} for none: INCORRECT then means abstaining
 * @param generator      the generator
 * @param embeddings     the host's embeddings, for the query and for web results
 * @param refs           which plugin serves which role, for the trace
 * @param critic         Self-RAG's critic, or {@code null}: answers are then critiqued only by a Self-RAG generator's
 *                       reflection tokens, and the retrieval decision is the host's heuristic
 * @param queryRewriter  rewrites questions for web search and re-retrieval, or {@code null} for the keyword rewriter
 * @param reranker       reorders a wider set of candidates before grading, or {@code null} to grade the retriever's
 *                       own top-k
 */
public record PipelinePlugins(Retriever retriever, RetrievalEvaluator evaluator, SearchProvider searchProvider,
                              Generator generator, EmbeddingService embeddings, List<PluginRef> refs, Critic critic,
                              QueryRewriter queryRewriter, Reranker reranker) {

    public PipelinePlugins {
        Objects.requireNonNull(retriever, "retriever");
        Objects.requireNonNull(evaluator, "evaluator");
        Objects.requireNonNull(generator, "generator");
        Objects.requireNonNull(embeddings, "embeddings");
        refs = refs == null ? List.of() : List.copyOf(refs);
    }

    /** The required plugins and a search provider, without critic, rewriter or reranker. */
    public PipelinePlugins(Retriever retriever, RetrievalEvaluator evaluator, SearchProvider searchProvider,
                           Generator generator, EmbeddingService embeddings, List<PluginRef> refs) {
        this(retriever, evaluator, searchProvider, generator, embeddings, refs, null, null, null);
    }

    public PipelinePlugins withCritic(Critic value) {
        return new PipelinePlugins(retriever, evaluator, searchProvider, generator, embeddings, refs, value,
                queryRewriter, reranker);
    }

    public PipelinePlugins withQueryRewriter(QueryRewriter value) {
        return new PipelinePlugins(retriever, evaluator, searchProvider, generator, embeddings, refs, critic, value,
                reranker);
    }

    public PipelinePlugins withReranker(Reranker value) {
        return new PipelinePlugins(retriever, evaluator, searchProvider, generator, embeddings, refs, critic,
                queryRewriter, value);
    }
}

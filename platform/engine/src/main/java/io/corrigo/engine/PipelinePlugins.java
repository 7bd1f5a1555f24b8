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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The plugin instances one pipeline runs with, looked up by their extension interface ({@code get(Critic.class)}).
 * The host fills it from its kind descriptors, so that a new kind adds no slot here; the engine reads the kinds it
 * uses. Instances arrive already wrapped in their resilience guards; the engine only catches what still fails.
 *
 * <p>Required: a {@link Retriever}, a {@link RetrievalEvaluator} (unused in naive mode) and a {@link Generator}.
 * Optional: a {@link SearchProvider} (the web fallback; without one INCORRECT means abstaining), a {@link Critic}
 * (Self-RAG's critique and retrieve-or-not; without one answers are critiqued only by a Self-RAG generator's
 * reflection tokens), a {@link QueryRewriter} (without one, keywords of the question) and a {@link Reranker}
 * (without one the retriever's own top-k are graded).
 */
public final class PipelinePlugins {

    /** The kinds every pipeline needs. */
    public static final List<Class<?>> REQUIRED = List.of(Retriever.class, RetrievalEvaluator.class, Generator.class);

    private final Map<Class<?>, Object> instances;
    private final EmbeddingService embeddings;
    private final List<PluginRef> refs;

    private PipelinePlugins(Map<Class<?>, Object> instances, EmbeddingService embeddings, List<PluginRef> refs) {
        for (Class<?> kind : REQUIRED) {
            Objects.requireNonNull(instances.get(kind), kind.getSimpleName());
        }
        instances.forEach((kind, instance) -> {
            if (!kind.isInterface() || !kind.isInstance(instance)) {
                throw new IllegalArgumentException(instance + " is not a " + kind.getName());
            }
        });
        this.instances = Map.copyOf(instances);
        this.embeddings = Objects.requireNonNull(embeddings, "embeddings");
        this.refs = refs == null ? List.of() : List.copyOf(refs);
    }

    /**
     * The plugins of a pipeline, by extension interface ({@code null} values for absent optional kinds are dropped).
     *
     * @param embeddings the host's embeddings, for the query and for web results
     * @param refs       which plugin serves which role, for the trace
     */
    public static PipelinePlugins of(Map<Class<?>, Object> instances, EmbeddingService embeddings, List<PluginRef> refs) {
        Map<Class<?>, Object> present = new LinkedHashMap<>();
        instances.forEach((kind, instance) -> {
            if (instance != null) {
                present.put(kind, instance);
            }
        });
        return new PipelinePlugins(present, embeddings, refs);
    }

    /** The required plugins and a web fallback ({@code null} for none); add optional kinds with {@link #with}. */
    public PipelinePlugins(Retriever retriever, RetrievalEvaluator evaluator, SearchProvider searchProvider,
                           Generator generator, EmbeddingService embeddings, List<PluginRef> refs) {
        this(present(retriever, evaluator, searchProvider, generator), embeddings, refs);
    }

    private static Map<Class<?>, Object> present(Retriever retriever, RetrievalEvaluator evaluator,
                                                 SearchProvider searchProvider, Generator generator) {
        Map<Class<?>, Object> map = new LinkedHashMap<>();
        map.put(Retriever.class, Objects.requireNonNull(retriever, "retriever"));
        map.put(RetrievalEvaluator.class, Objects.requireNonNull(evaluator, "evaluator"));
        map.put(Generator.class, Objects.requireNonNull(generator, "generator"));
        if (searchProvider != null) {
            map.put(SearchProvider.class, searchProvider);
        }
        return map;
    }

    /** The plugin of that kind, or {@code null} when the pipeline has none. */
    public <T> T get(Class<T> kind) {
        return kind.cast(instances.get(kind));
    }

    /** These plugins with {@code instance} as the plugin of {@code kind} ({@code null}: none). */
    public <T> PipelinePlugins with(Class<T> kind, T instance) {
        Map<Class<?>, Object> next = new LinkedHashMap<>(instances);
        if (instance == null) {
            next.remove(kind);
        } else {
            next.put(kind, instance);
        }
        return new PipelinePlugins(next, embeddings, refs);
    }

    public Retriever retriever() {
        return get(Retriever.class);
    }

    public RetrievalEvaluator evaluator() {
        return get(RetrievalEvaluator.class);
    }

    /** The web fallback, or {@code null}. */
    public SearchProvider searchProvider() {
        return get(SearchProvider.class);
    }

    public Generator generator() {
        return get(Generator.class);
    }

    /** The critic, or {@code null}. */
    public Critic critic() {
        return get(Critic.class);
    }

    /** The query rewriter, or {@code null}. */
    public QueryRewriter queryRewriter() {
        return get(QueryRewriter.class);
    }

    /** The reranker, or {@code null}. */
    public Reranker reranker() {
        return get(Reranker.class);
    }

    /** The host's embeddings, for the query and for web results. */
    public EmbeddingService embeddings() {
        return embeddings;
    }

    /** Which plugin serves which role, for the trace. */
    public List<PluginRef> refs() {
        return refs;
    }
}

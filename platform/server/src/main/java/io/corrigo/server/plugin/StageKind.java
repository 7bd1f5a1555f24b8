package io.corrigo.server.plugin;

import io.corrigo.api.Critic;
import io.corrigo.api.CriticFactory;
import io.corrigo.api.EvaluatorFactory;
import io.corrigo.api.Generator;
import io.corrigo.api.GeneratorFactory;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.QueryRewriter;
import io.corrigo.api.QueryRewriterFactory;
import io.corrigo.api.Reranker;
import io.corrigo.api.RerankerFactory;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Retriever;
import io.corrigo.api.RetrieverFactory;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.SearchProviderFactory;
import io.corrigo.server.resilience.CallGuard;
import io.corrigo.server.resilience.GuardedModels;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * One kind of extension a pipeline is built from, described once (Keycloak's {@code Spi} idea): the key pipelines
 * store it under, its interface and factory type, whether every pipeline needs it, how its calls are guarded, what
 * stands in when its plugin is missing, and its labels in the admin UI. The host, the pipeline form and the plugin
 * catalogue iterate {@link #values()}; adding a kind means one constant here, its slot in the engine's
 * {@code PipelinePlugins}, and its stage.
 *
 * @param <T> the extension point's interface
 */
public final class StageKind<T> {

    public static final StageKind<Retriever> RETRIEVER = new StageKind<>("retriever", "Retriever", null,
            Retriever.class, RetrieverFactory.class, GuardedModels::retriever,
            "nothing is retrieved from the knowledge base");
    public static final StageKind<Reranker> RERANKER = new StageKind<>("reranker",
            "Reranker (orders three times the top-k candidates by how well each answers; the best top-k are graded)",
            "(none: the retriever's own top-k are graded)", Reranker.class, RerankerFactory.class,
            GuardedModels::reranker, "the retriever's order is kept");
    public static final StageKind<RetrievalEvaluator> EVALUATOR = new StageKind<>("evaluator", "Retrieval evaluator",
            null, RetrievalEvaluator.class, EvaluatorFactory.class, GuardedModels::evaluator,
            "passages are graded AMBIGUOUS");
    /** The web fallback: guarded by the tenant's web-search resilience settings, not the model ones. */
    public static final StageKind<SearchProvider> SEARCH = new StageKind<>("search", "Web search fallback",
            "(none: abstain when the knowledge base fails)", SearchProvider.class, SearchProviderFactory.class, null,
            "there is no web fallback");
    public static final StageKind<Generator> GENERATOR = new StageKind<>("generator", "Generator", null,
            Generator.class, GeneratorFactory.class, GuardedModels::generator, "every run abstains");
    /** Self-RAG's critic: judges answers and decides retrieve-or-not; without one, answers are not critiqued. */
    public static final StageKind<Critic> CRITIC = new StageKind<>("critic",
            "Critic (Self-RAG: is each sentence supported, is the answer useful?)",
            "(none: answers are served without critique)", Critic.class, CriticFactory.class, GuardedModels::critic,
            "the stage is skipped");
    /** Rewrites questions for web search and re-retrieval; without one, keywords are used. */
    public static final StageKind<QueryRewriter> REWRITER = new StageKind<>("rewriter",
            "Query rewriter (web search keywords, re-retrieval)", "(none: keywords of the question)",
            QueryRewriter.class, QueryRewriterFactory.class, GuardedModels::rewriter, "the stage is skipped");

    private static final List<StageKind<?>> VALUES =
            List.of(RETRIEVER, RERANKER, EVALUATOR, SEARCH, GENERATOR, CRITIC, REWRITER);

    private final String stage;
    private final String label;
    private final String without;
    private final Class<T> type;
    private final Class<? extends PluginFactory<T>> factoryType;
    private final BiFunction<T, CallGuard, T> guard;
    private final String whenMissing;

    private StageKind(String stage, String label, String without, Class<T> type,
                      Class<? extends PluginFactory<T>> factoryType, BiFunction<T, CallGuard, T> guard,
                      String whenMissing) {
        this.stage = stage;
        this.label = label;
        this.without = without;
        this.type = type;
        this.factoryType = factoryType;
        this.guard = guard;
        this.whenMissing = whenMissing;
    }

    /** Every kind, in the order a run uses them. */
    public static List<StageKind<?>> values() {
        return VALUES;
    }

    /** The kind stored under {@code stage} in a pipeline definition. */
    public static Optional<StageKind<?>> of(String stage) {
        return VALUES.stream().filter(kind -> kind.stage.equals(stage)).findFirst();
    }

    /** The key of this stage in a pipeline definition. */
    public String stage() {
        return stage;
    }

    /** What the admin UI calls it. */
    public String label() {
        return label;
    }

    /** Whether every pipeline needs this stage. */
    public boolean required() {
        return without == null;
    }

    /** The admin UI's "no plugin" choice of an optional stage, saying what happens without one; empty when required. */
    public Optional<String> without() {
        return Optional.ofNullable(without);
    }

    public Class<T> type() {
        return type;
    }

    public Class<? extends PluginFactory<T>> factoryType() {
        return factoryType;
    }

    /** What runs lose while a configured plugin of this kind is missing. */
    public String whenMissing() {
        return whenMissing;
    }

    /** {@code instance} as this kind's interface. @throws ClassCastException for an instance of another kind */
    public T cast(Object instance) {
        return type.cast(instance);
    }

    /**
     * {@code instance} with every call of the extension point going through {@code call}, or {@code instance} itself
     * for the web fallback (which the host guards as a search provider).
     */
    public T guard(T instance, CallGuard call) {
        return guard == null ? instance : guard.apply(instance, call);
    }

    /** Whether this kind is guarded by the web-search guard rather than the model guard. */
    public boolean webFallback() {
        return guard == null;
    }

    /** What stands in for a plugin of this kind that could not be created: every call fails with {@code reason}. */
    public T standIn(String reason) {
        return type.cast(new UnavailablePlugin(reason));
    }

    /** Whether {@code instance} is a stand-in for a plugin that could not be created. */
    public static boolean isStandIn(Object instance) {
        return instance instanceof UnavailablePlugin;
    }

    @Override
    public String toString() {
        return stage;
    }
}

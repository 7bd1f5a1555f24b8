package io.corrigo.server.plugin.kind;

import io.corrigo.api.Answer;
import io.corrigo.api.Critic;
import io.corrigo.api.CriticFactory;
import io.corrigo.api.CritiqueRequest;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.EvaluatorFactory;
import io.corrigo.api.Generator;
import io.corrigo.api.GeneratorFactory;
import io.corrigo.api.Passage;
import io.corrigo.api.PluginFactory;
import io.corrigo.api.Query;
import io.corrigo.api.QueryRewriter;
import io.corrigo.api.QueryRewriterFactory;
import io.corrigo.api.Guardrail;
import io.corrigo.api.GuardrailFactory;
import io.corrigo.api.Reranker;
import io.corrigo.api.RerankerFactory;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.Retriever;
import io.corrigo.api.RetrieverFactory;
import io.corrigo.api.SearchProvider;
import io.corrigo.api.RewritePurpose;
import io.corrigo.api.SearchProviderFactory;
import io.corrigo.api.SearchRequest;
import io.corrigo.server.resilience.CallGuard;
import io.corrigo.server.resilience.GuardedModels;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * One kind of extension a pipeline is built from, described once (Keycloak's {@code Spi} idea): the key pipelines
 * store it under, its interface and factory type, whether every pipeline needs it, how its calls are guarded, the one
 * real call "Test connection" makes through it, and its labels in the admin UI. What stands in for a missing plugin is
 * derived from the interface. The host, the plugin runner's callable lists, the pipeline form, connection tests and
 * the plugin catalogue iterate {@link #values()}; adding a kind means its interface and factory in the plugin API, one
 * constant here (the compiler asks for each part), and the engine stage that uses it (see docs/plugin-authoring.md).
 *
 * @param <T> the extension point's interface
 */
public final class StageKind<T> {

    /** Redacts personal data from questions first; fails closed (a failing guardrail means no answer, not an unchecked one). */
    public static final StageKind<Guardrail> GUARDRAIL = new StageKind<>("guardrail",
            "Guardrail (redacts personal data from questions before retrieval, web search, models and the run log)",
            "(none: questions are used and kept as asked)", Guardrail.class, GuardrailFactory.class,
            (guardrail, call) -> GuardedModels.of(Guardrail.class, guardrail, call),
            "questions are not answered: the guardrail fails closed",
            (guardrail, probe) -> "The guardrail made of a test text: \u201c" + Probe.brief(guardrail.redact(
                    "Write to jane.doe@example.com or call +49 30 1234567.").text()) + "\u201d");
    public static final StageKind<Retriever> RETRIEVER = new StageKind<>("retriever", "Retriever", null,
            Retriever.class, RetrieverFactory.class, GuardedModels::retriever,
            "nothing is retrieved from the knowledge base",
            (retriever, probe) -> "The retriever returned " + retriever.retrieve(probe.query(), 3).size() + " passage(s).");
    public static final StageKind<Reranker> RERANKER = new StageKind<>("reranker",
            "Reranker (orders three times the top-k candidates by how well each answers; the best top-k are graded)",
            "(none: the retriever's own top-k are graded)", Reranker.class, RerankerFactory.class,
            GuardedModels::reranker, "the retriever's order is kept",
            (reranker, probe) -> "The reranker returned " + reranker.rerank(probe.query(), List.of(probe.passage())).size()
                    + " passage(s).");
    public static final StageKind<RetrievalEvaluator> EVALUATOR = new StageKind<>("evaluator", "Retrieval evaluator",
            null, RetrievalEvaluator.class, EvaluatorFactory.class, GuardedModels::evaluator,
            "passages are graded AMBIGUOUS",
            (evaluator, probe) -> "The evaluator graded a test passage " + String.format(Locale.ROOT, "%.2f",
                    evaluator.score(probe.query(), probe.passage())) + ".");
    /** The web fallback: guarded by the tenant's web-search resilience settings, not the model ones. */
    public static final StageKind<SearchProvider> SEARCH = new StageKind<>("search", "Web search fallback",
            "(none: abstain when the knowledge base fails)", SearchProvider.class, SearchProviderFactory.class, null,
            "there is no web fallback", (search, probe) -> {
                List<Passage> found = search.search(new SearchRequest("corrigo", probe.query().text(), 3));
                return "The search returned " + found.size() + " result(s)"
                        + (found.isEmpty() ? "." : ", first: \u201c" + Probe.brief(found.get(0).source().label()) + "\u201d");
            });
    public static final StageKind<Generator> GENERATOR = new StageKind<>("generator", "Generator", null,
            Generator.class, GeneratorFactory.class, GuardedModels::generator, "every run abstains",
            (generator, probe) -> "The generator answered: \u201c" + Probe.brief(generator.generate(
                    new GenerationRequest(probe.query(), List.of(), true, null)).text()) + "\u201d");
    /** Self-RAG's critic: judges answers and decides retrieve-or-not; without one, answers are not critiqued. */
    public static final StageKind<Critic> CRITIC = new StageKind<>("critic",
            "Critic (Self-RAG: is each sentence supported, is the answer useful?)",
            "(none: answers are served without critique)", Critic.class, CriticFactory.class, GuardedModels::critic,
            "the stage is skipped", (critic, probe) -> "The critic answered: " + Probe.brief(String.valueOf(
                    critic.critique(new CritiqueRequest(probe.query(), List.of(),
                            new Answer("Corrigo answers questions from documents.", List.of(), false))))));
    /** Rewrites questions for web search and re-retrieval; without one, keywords are used. */
    public static final StageKind<QueryRewriter> REWRITER = new StageKind<>("rewriter",
            "Query rewriter (web search keywords, re-retrieval)", "(none: keywords of the question)",
            QueryRewriter.class, QueryRewriterFactory.class, (rewriter, call) -> GuardedModels.of(QueryRewriter.class, rewriter, call), "the stage is skipped",
            (rewriter, probe) -> "The rewriter answered: \u201c" + Probe.brief(rewriter.rewrite(probe.query().text(),
                    RewritePurpose.RETRIEVAL, null)) + "\u201d");

    private static final List<StageKind<?>> VALUES =
            List.of(GUARDRAIL, RETRIEVER, RERANKER, EVALUATOR, SEARCH, GENERATOR, CRITIC, REWRITER);

    private final String stage;
    private final String label;
    private final String without;
    private final Class<T> type;
    private final Class<? extends PluginFactory<T>> factoryType;
    private final BiFunction<T, CallGuard, T> guard;
    private final String whenMissing;
    private final Probe<T> probe;

    /**
     * The one real call "Test connection" makes through an instance of a kind, and what came back, in a sentence.
     *
     * @param <T> the extension point's interface
     */
    @FunctionalInterface
    public interface Probe<T> {

        /** Calls {@code instance} once with the probe's question and passage; what it returned, briefly. */
        String call(T instance, ProbeInput input);

        /** {@code text} on one line, at most 160 characters. */
        static String brief(String text) {
            String t = text == null ? "" : text.strip().replaceAll("\\s+", " ");
            return t.length() <= 160 ? t : t.substring(0, 157) + "...";
        }
    }

    /**
     * What a connection probe calls with.
     *
     * @param query   a short question, embedded by the host
     * @param passage a passage to grade or rerank
     */
    public record ProbeInput(Query query, Passage passage) {
    }

    private StageKind(String stage, String label, String without, Class<T> type,
                      Class<? extends PluginFactory<T>> factoryType, BiFunction<T, CallGuard, T> guard,
                      String whenMissing, Probe<T> probe) {
        this.stage = stage;
        this.label = label;
        this.without = without;
        this.type = type;
        this.factoryType = factoryType;
        this.guard = guard;
        this.whenMissing = whenMissing;
        this.probe = probe;
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

    /** One real call through {@code instance} (of this kind), and what it returned, in a sentence. */
    public String probe(Object instance, ProbeInput input) {
        return probe.call(cast(instance), input);
    }

    /**
     * What stands in for a plugin of this kind that could not be created (missing, disabled, invalid settings, or its
     * factory threw): an implementation of the kind's interface, made from it, whose every abstract method fails with
     * {@code reason} — so the engine degrades the answer and the trace says why, instead of the query failing. Default
     * methods run as the interface defines them (and so fail where they call an abstract one).
     */
    public T standIn(String reason) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, new StandIn(stage, reason)));
    }

    /** Whether {@code instance} is a stand-in for a plugin that could not be created. */
    public static boolean isStandIn(Object instance) {
        return instance != null && Proxy.isProxyClass(instance.getClass())
                && Proxy.getInvocationHandler(instance) instanceof StandIn;
    }

    private record StandIn(String stage, String reason) implements InvocationHandler {

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    default -> "unavailable " + stage + " (" + reason + ")";
                };
            }
            if (method.isDefault()) {
                return InvocationHandler.invokeDefault(proxy, method, args);
            }
            throw new IllegalStateException("plugin unavailable: " + reason);
        }
    }

    @Override
    public String toString() {
        return stage;
    }
}

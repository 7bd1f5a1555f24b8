package io.corrigo.server.resilience;

import io.corrigo.api.Answer;
import io.corrigo.api.Critic;
import io.corrigo.api.Critique;
import io.corrigo.api.CritiqueRequest;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Generator;
import io.corrigo.api.Judgement;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Reranker;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.RetrievalNeed;
import io.corrigo.api.Retriever;
import io.corrigo.api.TermStatistics;
import io.corrigo.api.Strip;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Plugin instances behind a {@link CallGuard}, one wrapper per extension point (each kind's descriptor names its
 * own): every method of the extension point goes through the guard, so a
 * plugin that throws, hangs, returns {@code null} or a NaN score, or a model server over its quota, costs the run a
 * notice (the engine catches the {@link PluginUnavailableException}), never the run itself.
 */
public final class GuardedModels {

    private GuardedModels() {
    }

    public static Retriever retriever(Retriever delegate, CallGuard call) {
        return new GuardedRetriever(delegate, call);
    }

    public static Generator generator(Generator delegate, CallGuard call) {
        return new GuardedGenerator(delegate, call);
    }

    public static RetrievalEvaluator evaluator(RetrievalEvaluator delegate, CallGuard call) {
        return new GuardedEvaluator(delegate, call);
    }

    public static Critic critic(Critic delegate, CallGuard call) {
        return new GuardedCritic(delegate, call);
    }

    /** The passages a reranker returns are checked by the engine; here only a {@code null} list fails the call. */
    public static Reranker reranker(Reranker delegate, CallGuard call) {
        return (query, candidates) -> call.call(() -> notNull(delegate.rerank(query, candidates)));
    }

    /**
     * A guard for any extension interface, made from it: every method (default ones too) runs behind {@code call},
     * and a method that returns an object fails the call when it returns {@code null}. A new kind may start with
     * this and get a wrapper of its own once its results need checking beyond that (a score's range, a stream).
     */
    public static <T> T of(Class<T> type, T delegate, CallGuard call) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return method.invoke(delegate, args);
            }
            return call.call(() -> {
                Object result;
                try {
                    result = method.invoke(delegate, args);
                } catch (InvocationTargetException e) {
                    throw e.getCause() instanceof Exception failure ? failure : new IllegalStateException(e.getCause());
                }
                return method.getReturnType() == void.class || method.getReturnType().isPrimitive() ? result
                        : notNull(result);
            });
        }));
    }

    /** A plugin's answer that breaks the API's contract: thrown inside the guarded call, so it counts as a failure. */
    private static <T> T notNull(T result) {
        if (result == null) {
            throw new IllegalStateException("returned null");
        }
        return result;
    }

    private static double finite(double score) {
        if (Double.isNaN(score)) {
            throw new IllegalStateException("returned NaN instead of a score in [0, 1]");
        }
        return score;
    }

    private record GuardedRetriever(Retriever delegate, CallGuard call) implements Retriever {

        @Override
        public List<Passage> retrieve(Query query, int maxResults) {
            return call.call(() -> notNull(delegate.retrieve(query, maxResults)));
        }

        @Override
        public Optional<TermStatistics> termStatistics() {
            return call.call(() -> notNull(delegate.termStatistics()));
        }
    }

    private record GuardedGenerator(Generator delegate, CallGuard call) implements Generator {

        @Override
        public Answer generate(GenerationRequest request) {
            return call.call(() -> notNull(delegate.generate(request)));
        }

        /** Tokens that arrive after the guard gave up (a timed-out stream) are dropped, not written. */
        @Override
        public Answer generate(GenerationRequest request, Consumer<String> tokens) {
            AtomicBoolean open = new AtomicBoolean(true);
            try {
                return call.call(() -> notNull(delegate.generate(request, token -> {
                    if (open.get()) {
                        tokens.accept(token);
                    }
                })));
            } finally {
                open.set(false);
            }
        }
    }

    private record GuardedEvaluator(RetrievalEvaluator delegate, CallGuard call) implements RetrievalEvaluator {

        @Override
        public double score(Query query, Passage passage) {
            return call.call(() -> finite(delegate.score(query, passage)));
        }

        @Override
        public Judgement judge(Query query, Passage passage) {
            return call.call(() -> {
                Judgement judgement = notNull(delegate.judge(query, passage));
                if (judgement.grade() == null) {
                    finite(judgement.score());
                }
                return judgement;
            });
        }

        @Override
        public double scoreStrip(Query query, Passage passage, Strip strip) {
            return call.call(() -> finite(delegate.scoreStrip(query, passage, strip)));
        }
    }

    private record GuardedCritic(Critic delegate, CallGuard call) implements Critic {

        @Override
        public Critique critique(CritiqueRequest request) {
            return call.call(() -> notNull(delegate.critique(request)));
        }

        @Override
        public RetrievalNeed needsRetrieval(Query query) {
            return call.call(() -> notNull(delegate.needsRetrieval(query)));
        }
    }
}

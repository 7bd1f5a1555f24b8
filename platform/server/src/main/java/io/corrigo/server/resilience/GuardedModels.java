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
import io.corrigo.api.QueryRewriter;
import io.corrigo.api.RetrievalEvaluator;
import io.corrigo.api.RetrievalNeed;
import io.corrigo.api.Retriever;
import io.corrigo.api.TermStatistics;
import io.corrigo.api.Strip;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Plugin instances behind a {@link GuardedCall}: every method of the extension point goes through the guard, so a
 * plugin that throws, hangs, returns {@code null} or a NaN score, or a model server over its quota, costs the run a
 * notice (the engine catches the {@link PluginUnavailableException}), never the run itself.
 */
final class GuardedModels {

    private GuardedModels() {
    }

    /** {@code delegate} wrapped as the extension point {@code kind}; an instance of another kind is returned as it is. */
    static Object wrap(Object delegate, Class<?> kind, GuardedCall call) {
        if (kind == Retriever.class && delegate instanceof Retriever retriever) {
            return new GuardedRetriever(retriever, call);
        }
        if (kind == Generator.class && delegate instanceof Generator generator) {
            return new GuardedGenerator(generator, call);
        }
        if (kind == RetrievalEvaluator.class && delegate instanceof RetrievalEvaluator evaluator) {
            return new GuardedEvaluator(evaluator, call);
        }
        if (kind == Critic.class && delegate instanceof Critic critic) {
            return new GuardedCritic(critic, call);
        }
        if (kind == QueryRewriter.class && delegate instanceof QueryRewriter rewriter) {
            return (QueryRewriter) (question, purpose, feedback) -> call.call(() -> notNull(rewriter.rewrite(question, purpose, feedback)));
        }
        return delegate;
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

    private record GuardedRetriever(Retriever delegate, GuardedCall call) implements Retriever {

        @Override
        public List<Passage> retrieve(Query query, int maxResults) {
            return call.call(() -> notNull(delegate.retrieve(query, maxResults)));
        }

        @Override
        public Optional<TermStatistics> termStatistics() {
            return call.call(() -> notNull(delegate.termStatistics()));
        }
    }

    private record GuardedGenerator(Generator delegate, GuardedCall call) implements Generator {

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

    private record GuardedEvaluator(RetrievalEvaluator delegate, GuardedCall call) implements RetrievalEvaluator {

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

    private record GuardedCritic(Critic delegate, GuardedCall call) implements Critic {

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

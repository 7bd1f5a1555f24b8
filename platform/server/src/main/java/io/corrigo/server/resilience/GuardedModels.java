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
import io.corrigo.api.Strip;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Model plugins behind a {@link GuardedCall}: every method of the extension point goes through the guard, so a model
 * server that hangs, fails or is over its quota costs the run a notice (the engine catches the
 * {@link PluginUnavailableException}), never the run itself.
 */
final class GuardedModels {

    private GuardedModels() {
    }

    /** {@code delegate} wrapped for its kind; an instance of no model kind is returned as it is. */
    static Object wrap(Object delegate, GuardedCall call) {
        if (delegate instanceof Generator generator) {
            return new GuardedGenerator(generator, call);
        }
        if (delegate instanceof RetrievalEvaluator evaluator) {
            return new GuardedEvaluator(evaluator, call);
        }
        if (delegate instanceof Critic critic) {
            return new GuardedCritic(critic, call);
        }
        if (delegate instanceof QueryRewriter rewriter) {
            return (QueryRewriter) (question, purpose, feedback) -> call.call(() -> rewriter.rewrite(question, purpose, feedback));
        }
        return delegate;
    }

    private record GuardedGenerator(Generator delegate, GuardedCall call) implements Generator {

        @Override
        public Answer generate(GenerationRequest request) {
            return call.call(() -> delegate.generate(request));
        }

        /** Tokens that arrive after the guard gave up (a timed-out stream) are dropped, not written. */
        @Override
        public Answer generate(GenerationRequest request, Consumer<String> tokens) {
            AtomicBoolean open = new AtomicBoolean(true);
            try {
                return call.call(() -> delegate.generate(request, token -> {
                    if (open.get()) {
                        tokens.accept(token);
                    }
                }));
            } finally {
                open.set(false);
            }
        }
    }

    private record GuardedEvaluator(RetrievalEvaluator delegate, GuardedCall call) implements RetrievalEvaluator {

        @Override
        public double score(Query query, Passage passage) {
            return call.call(() -> delegate.score(query, passage));
        }

        @Override
        public Judgement judge(Query query, Passage passage) {
            return call.call(() -> delegate.judge(query, passage));
        }

        @Override
        public double scoreStrip(Query query, Passage passage, Strip strip) {
            return call.call(() -> delegate.scoreStrip(query, passage, strip));
        }
    }

    private record GuardedCritic(Critic delegate, GuardedCall call) implements Critic {

        @Override
        public Critique critique(CritiqueRequest request) {
            return call.call(() -> delegate.critique(request));
        }

        @Override
        public RetrievalNeed needsRetrieval(Query query) {
            return call.call(() -> delegate.needsRetrieval(query));
        }
    }
}

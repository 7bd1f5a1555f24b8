package io.corrigo.engine;

import io.corrigo.api.Answer;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.List;
import java.util.function.Consumer;

/** How a pipeline answers an analysed question: the naive baseline ({@link NaiveAnswering}) or Corrective RAG. */
interface AnswerStrategy {

    /**
     * Answers {@code asked}, recording every decision in {@code trace}; never throws for a plugin's failure.
     *
     * @param carried the passages the previous answer of the conversation cited: candidates to grade again beside
     *                what is retrieved (empty for a first question; the naive baseline ignores them)
     * @param tokens  where pieces of the answer go as they are produced, or {@code null}
     */
    Answer answer(Query asked, List<Passage> carried, TraceRecorder trace, Consumer<String> tokens);

    /**
     * The context {@link #answer} would generate from, without generating: for a front-end that generates itself.
     * Records every decision in {@code trace}; never throws for a plugin's failure.
     */
    List<ContextStrip> evidence(Query asked, List<Passage> carried, TraceRecorder trace);
}

package io.corrigo.engine;

import io.corrigo.api.Answer;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Strip;
import io.corrigo.api.text.Sentences;
import io.corrigo.api.text.Terms;
import io.corrigo.engine.generate.GenerationStage;
import io.corrigo.engine.retrieve.RetrievalStage;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.StripTrace;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The baseline every evaluation compares with: retrieve top-k and generate from the whole passages. No grading, no
 * fallback, no refinement, no critique.
 */
final class NaiveAnswering implements AnswerStrategy {

    private final int topK;
    private final RetrievalStage retrieval;
    private final GenerationStage generation;

    NaiveAnswering(int topK, RetrievalStage retrieval, GenerationStage generation) {
        this.topK = topK;
        this.retrieval = retrieval;
        this.generation = generation;
    }

    @Override
    public Answer answer(Query asked, List<Passage> carried, TraceRecorder trace, Consumer<String> tokens) {
        List<ContextStrip> context = evidence(asked, carried, trace);
        Query query = asked.withTermStatistics(retrieval.termStatistics(trace));
        return trace.time(Stage.GENERATE, () -> generation.generate(new GenerationRequest(query, context), trace, tokens));
    }

    /** The whole top-k passages, sentence by sentence, ranked by retrieval order. */
    @Override
    public List<ContextStrip> evidence(Query asked, List<Passage> carried, TraceRecorder trace) {
        List<Passage> retrieved = trace.time(Stage.RETRIEVE, () -> retrieval.retrieve(asked, topK, trace));
        List<ContextStrip> context = new ArrayList<>();
        List<StripTrace> sentences = new ArrayList<>();
        int words = 0;
        for (int i = 0; i < retrieved.size(); i++) {
            Passage passage = retrieved.get(i);
            trace.retrievedUngraded(passage);
            double rankScore = 1.0 / (i + 1);
            words += Terms.tokens(passage.text()).size();
            if (passage.strips().isEmpty()) {
                context.add(new ContextStrip(i + 1, passage.text(), passage.source(), rankScore, passage.embedding()));
                List<String> texts = Sentences.split(passage.text());
                for (int k = 0; k < texts.size(); k++) {
                    sentences.add(new StripTrace(passage.id(), k, texts.get(k), rankScore, true,
                            CorrectivePipeline.NAIVE_CONTEXT));
                }
            } else {
                // the whole passage, sentence by sentence with the embeddings the index stored (as refinement hands
                // them on), so the generator need not embed them again: a fair baseline for latency
                for (Strip strip : passage.strips()) {
                    context.add(new ContextStrip(i + 1, strip.text(), passage.source(), rankScore, strip.embedding()));
                    sentences.add(new StripTrace(passage.id(), strip.index(), strip.text(), rankScore, true,
                            CorrectivePipeline.NAIVE_CONTEXT));
                }
            }
        }
        trace.strips(sentences); // what the generator saw, sentence by sentence, as in a corrective trace
        trace.contextTokens(words);
        return context;
    }
}

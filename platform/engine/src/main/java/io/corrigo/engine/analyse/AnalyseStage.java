package io.corrigo.engine.analyse;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Query;
import io.corrigo.api.TermStatistics;
import io.corrigo.api.answer.QuestionAnalysis;
import io.corrigo.engine.trace.Failures;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;

/**
 * Step 1: the question as every later stage sees it, embedded once and analysed once in its own language (the
 * {@link QuestionAnalyzer} of the language {@link QuestionAnalyzers} tells; its analysis carried on the query for every
 * stage and plugin). A failing embedding service leaves the query without an embedding (lexical evidence only) and
 * degrades the run.
 */
public final class AnalyseStage {

    private final EmbeddingService embeddings;

    public AnalyseStage(EmbeddingService embeddings) {
        this.embeddings = embeddings;
    }

    /** The query for {@code question}, with its embedding when the service answers. */
    public Query analyse(String question, TraceRecorder trace) {
        Embedding embedding = null;
        try {
            embedding = embeddings.embed(question);
        } catch (RuntimeException e) {
            trace.notice(Stage.ANALYSE, "embedding the question failed: " + Failures.describe(e), true);
        }
        QuestionAnalysis analysis = QuestionAnalyzers.analyse(question);
        return new Query(question, embedding, TermStatistics.UNIFORM).with(QuestionAnalysis.class, analysis);
    }
}

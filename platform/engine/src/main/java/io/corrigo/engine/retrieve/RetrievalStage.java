package io.corrigo.engine.retrieve;

import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.Retriever;
import io.corrigo.api.TermStatistics;
import io.corrigo.engine.trace.Failures;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Asks the retriever for the top-k passages. A retriever that throws or breaks its contract yields no
 * passages and a degrading notice: the pipeline then treats the knowledge base as silent (INCORRECT).
 *
 * <p>The query's {@link io.corrigo.api.PassageFilter} is the retriever's to apply in its engine; a passage it returns
 * outside the filter anyway (a retriever that ignores filters, or a passage whose scope it did not index) is dropped
 * here, with a degrading notice: what the asker may not read never reaches grading, the answer or the trace.
 */
public final class RetrievalStage {

    private final Retriever retriever;

    public RetrievalStage(Retriever retriever) {
        this.retriever = retriever;
    }

    /** At most {@code topK} passages, best first; empty when the retriever fails. */
    public List<Passage> retrieve(Query query, int topK, TraceRecorder trace) {
        List<Passage> passages;
        try {
            passages = retriever.retrieve(query, topK);
        } catch (RuntimeException e) {
            trace.notice(Stage.RETRIEVE, "retriever failed: " + Failures.describe(e), true);
            return List.of();
        }
        if (passages == null) {
            trace.notice(Stage.RETRIEVE, "retriever returned null instead of a list", true);
            return List.of();
        }
        List<Passage> clean = passages.stream().filter(Objects::nonNull).limit(topK).toList();
        if (clean.size() < Math.min(passages.size(), topK)) {
            trace.notice(Stage.RETRIEVE, "retriever returned null passages; they were skipped", false);
        }
        if (query.filter().isNone()) {
            return clean;
        }
        List<Passage> within = clean.stream().filter(query.filter()::matches).toList();
        if (within.size() < clean.size()) {
            trace.notice(Stage.RETRIEVE, "retriever returned " + (clean.size() - within.size())
                    + " passage(s) outside the question's scope; they were dropped", true);
        }
        return within;
    }

    /**
     * The retriever's term statistics for one run, or uniform ones when it has none or they fail. Each word is looked
     * up once per run: the evaluator asks for the question's words on every passage and sentence it scores, and a
     * lookup is an index read.
     */
    public TermStatistics termStatistics(TraceRecorder trace) {
        try {
            TermStatistics statistics = retriever.termStatistics().orElse(TermStatistics.UNIFORM);
            if (statistics == TermStatistics.UNIFORM) {
                return statistics;
            }
            Map<String, Double> known = new ConcurrentHashMap<>();
            return term -> known.computeIfAbsent(term, statistics::inverseDocumentFrequency);
        } catch (RuntimeException e) {
            trace.notice(Stage.RETRIEVE, "retriever term statistics failed: " + Failures.describe(e), false);
            return TermStatistics.UNIFORM;
        }
    }
}

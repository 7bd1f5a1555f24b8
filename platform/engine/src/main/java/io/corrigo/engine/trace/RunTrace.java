package io.corrigo.engine.trace;

import io.corrigo.api.Grade;
import io.corrigo.api.TokenUsage;
import io.corrigo.engine.settings.PipelineSettings;
import java.time.Instant;
import java.util.List;

/**
 * The full record of one run.
 *
 * @param question       the question as asked
 * @param startedAt      when the run started
 * @param settings       the pipeline settings in force (thresholds, budgets, mode)
 * @param plugins        the plugins that served each stage
 * @param retrieved      the knowledge-base passages with their scores and grades
 * @param action         the action taken (CORRECT / AMBIGUOUS / INCORRECT), or {@code null} in naive mode
 * @param rewrittenQuery the web-search query, or {@code null} when the web was not searched
 * @param searchResults  the web results with their scores and grades
 * @param strips         every sentence refinement considered, kept or dropped
 * @param contextTokens  the size of the context handed to the generator, in words
 * @param abstained      whether the answer is an abstention
 * @param incomplete     whether the answer may be incomplete because a fallback it needed was unavailable
 * @param notices        what the run had to work around
 * @param timings        time per stage
 * @param totalMillis    time from start to answer
 * @param retrievalDecision whether retrieval ran and who decided, or {@code null} in traces from before Self-RAG
 * @param rounds         the critique loop, one entry per candidate answer; empty when the answer was not critiqued
 * @param reranking      how the reranker reordered the retriever's candidates, or {@code null} without a reranker
 * @param condensation   how a conversation's follow-up became the standalone question answered, or {@code null} for
 *                       a first question
 * @param generatorUsage the tokens the generator's model reported, added up over every answer it generated in the run
 *                       (regenerations included), or {@code null} when a call reported none (estimates are the
 *                       caller's business, labelled as such)
 */
public record RunTrace(String question, Instant startedAt, PipelineSettings settings, List<PluginRef> plugins,
                       List<PassageTrace> retrieved, Grade action, String rewrittenQuery,
                       List<PassageTrace> searchResults, List<StripTrace> strips, int contextTokens,
                       boolean abstained, boolean incomplete, List<Notice> notices, List<StageTiming> timings, double totalMillis,
                       RetrievalDecision retrievalDecision, List<CritiqueRound> rounds, Reranking reranking,
                       Condensation condensation, TokenUsage generatorUsage) {

    public RunTrace {
        rounds = rounds == null ? List.of() : List.copyOf(rounds);
    }

    /** This trace with one more notice (a host's own, such as a spent budget). */
    public RunTrace withNotice(Notice notice) {
        List<Notice> more = new java.util.ArrayList<>(notices);
        more.add(notice);
        return new RunTrace(question, startedAt, settings, plugins, retrieved, action, rewrittenQuery, searchResults,
                strips, contextTokens, abstained, incomplete, List.copyOf(more), timings, totalMillis, retrievalDecision,
                rounds, reranking, condensation, generatorUsage);
    }

    /** Whether any notice degraded the answer. */
    public boolean degraded() {
        return notices.stream().anyMatch(Notice::degrading);
    }
}

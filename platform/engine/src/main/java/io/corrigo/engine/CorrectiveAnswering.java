package io.corrigo.engine;

import io.corrigo.api.Answer;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.Critic;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Grade;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.ScoredPassage;
import io.corrigo.engine.analyse.AnalyseStage;
import io.corrigo.engine.correct.WebSearchStage;
import io.corrigo.engine.critique.CritiqueLoop;
import io.corrigo.engine.critique.JudgedRelease;
import io.corrigo.engine.gate.RetrievalGate;
import io.corrigo.engine.generate.GenerationStage;
import io.corrigo.engine.generate.QuestionParts;
import io.corrigo.engine.grade.PassageGrader;
import io.corrigo.engine.grade.Thresholds;
import io.corrigo.engine.refine.KnowledgeRefiner;
import io.corrigo.engine.rerank.RerankStage;
import io.corrigo.engine.retrieve.RetrievalStage;
import io.corrigo.engine.route.Route;
import io.corrigo.engine.route.Router;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.settings.SearchFailurePolicy;
import io.corrigo.engine.settings.SelfRagSettings;
import io.corrigo.engine.trace.RetrievalDecision;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Corrective RAG with Self-RAG's critique, one stage after the other:
 * retrieve-or-not → retrieve → rerank → grade → route → correct → refine → generate → critique.
 */
final class CorrectiveAnswering implements AnswerStrategy {

    /** Everything a corrective run is made of: the stages, in the order they run, and what they share. */
    record Stages(AnalyseStage analysis, RetrievalGate gate, RetrievalStage retrieval, RerankStage rerank,
                  PassageGrader grader, Router router, WebSearchStage webSearch, KnowledgeRefiner refiner,
                  GenerationStage generation, CritiqueLoop critique, Critic critic, Executor executor) {
    }

    private final PipelineSettings settings;
    private final Stages stages;

    CorrectiveAnswering(PipelineSettings settings, Stages stages) {
        this.settings = settings;
        this.stages = stages;
    }

    @Override
    public Answer answer(Query asked, List<Passage> carried, TraceRecorder trace, Consumer<String> tokens) {
        if (!stages.gate().decide(asked, settings.selfRag(), trace).retrieve()) {
            return trace.time(Stage.GENERATE, () -> stages.generation().generate(
                    new GenerationRequest(asked, List.of(), true, null), trace, tokens));
        }
        Retrieved retrieved = retrieve(asked, carried, settings.topK(), settings.parallelSearch(), trace);
        Prepared prepared = prepare(retrieved, trace);
        if (prepared.refusal() != null) {
            return prepared.refusal();
        }
        Query query = retrieved.query();
        SelfRagSettings selfRag = settings.selfRag();
        boolean critiqued = selfRag.critique();
        boolean live = !critiqued || stages.critic() == null;
        Answer first = trace.time(Stage.GENERATE, () -> stages.generation().generate(
                new GenerationRequest(query, prepared.context()), trace, live ? tokens : null));
        // with the critique on, each sentence the critic supports is released before the whole answer is judged
        // (its time counts in the run's total, not as a stage: the critique proper is timed below)
        String released = live || tokens == null ? ""
                : new JudgedRelease(stages.critic()).release(query, prepared.context(), first, trace, tokens);
        Answer served = first;
        if (critiqued && !first.abstained() && stages.critique().canJudge(first)) {
            served = trace.time(Stage.CRITIQUE, () -> stages.critique().run(asked.text(),
                    new CritiqueLoop.Context(query, prepared.context()), first, selfRag, trace,
                    (rewritten, child) -> retrieveAgain(asked, rewritten, child)));
        }
        if (!live && released.isEmpty()) {
            emit(served, tokens);
        }
        return flagMissingParts(asked.text(), served, trace);
    }

    /**
     * Retrieve, grade, route, correct and refine, without generating: the refined context, or none under
     * {@link SearchFailurePolicy#REFUSE} when the web search it needed failed.
     */
    @Override
    public List<ContextStrip> evidence(Query asked, List<Passage> carried, TraceRecorder trace) {
        Prepared prepared = prepare(retrieve(asked, carried, settings.topK(), settings.parallelSearch(), trace), trace);
        return prepared.refusal() != null ? List.of() : prepared.context();
    }

    /**
     * The knowledge base's passages for a query (the retriever's candidates, reranked when there is a reranker, then
     * the previous answer's cited passages that retrieval did not find again), and the run's web search for it:
     * started ahead of grading when the pipeline searches in parallel.
     *
     * @param carried which of {@code passages} were carried over from the previous answer
     */
    private record Retrieved(Query query, List<Passage> passages, WebSearchStage.Search search, List<Passage> carried) {

        Retrieved(Query query, List<Passage> passages, WebSearchStage.Search search) {
            this(query, passages, search, List.of());
        }
    }

    private Retrieved retrieve(Query asked, List<Passage> carried, int topK, boolean searchAhead, TraceRecorder trace) {
        WebSearchStage.Search search = stages.webSearch().search(asked, settings.searchResults(),
                searchAhead ? stages.executor() : null);
        List<Passage> candidates = trace.time(Stage.RETRIEVE, () -> stages.retrieval().retrieve(asked,
                stages.rerank().candidates(topK), trace));
        Query query = asked.withTermStatistics(stages.retrieval().termStatistics(trace));
        List<Passage> passages = stages.rerank().configured()
                ? trace.time(Stage.RERANK, () -> stages.rerank().rerank(query, candidates, topK, trace))
                : stages.rerank().rerank(query, candidates, topK, trace);
        List<Passage> again = CarriedEvidence.toGradeAgain(query, passages, carried);
        if (again.isEmpty()) {
            return new Retrieved(query, passages, search);
        }
        List<Passage> all = new ArrayList<>(passages);
        all.addAll(again);
        return new Retrieved(query, List.copyOf(all), search, again);
    }

    /** The refined context for a corrective answer, or a refusal under {@link SearchFailurePolicy#REFUSE}. */
    private record Prepared(List<ContextStrip> context, Answer refusal) {
    }

    /** Grade, route, correct and refine. */
    private Prepared prepare(Retrieved retrieved, TraceRecorder trace) {
        Query query = retrieved.query();
        Thresholds thresholds = new Thresholds(settings.upperThreshold(), settings.lowerThreshold());
        List<ScoredPassage> graded = trace.time(Stage.EVALUATE,
                () -> stages.grader().grade(query, retrieved.passages(), thresholds, trace));
        Route route = stages.router().route(graded);
        // the web is searched only when a provider is configured: the decision (and the abstention line) says so
        trace.routed(route.action(), graded.size(), route.kept().size(), route.searchWeb() && stages.webSearch().configured());
        List<ScoredPassage> kept = route.kept();
        if (!route.searchWeb()) {
            retrieved.search().notNeeded(trace);
        } else {
            Correction correction = correct(query, route, graded, retrieved.search(), thresholds, trace);
            kept = correction.kept();
            if (correction.refused()) {
                trace.retrieved(graded, kept::contains);
                return new Prepared(List.of(), Answer.abstain(io.corrigo.engine.generate.Localized.in(query.text(),
                        CorrectivePipeline.SEARCH_UNAVAILABLE)));
            }
        }
        trace.retrieved(graded, kept::contains);
        CarriedEvidence.record(retrieved.carried(), graded, kept, trace);
        List<ScoredPassage> context = kept;
        List<ContextStrip> refined = trace.time(Stage.REFINE, () -> stages.refiner().refine(query, context,
                settings.stripThreshold(), settings.stripRatio(), settings.tokenBudget(), trace));
        return new Prepared(refined, null);
    }

    /**
     * What the correction keeps: the router's passages and the web's usable results; or a refusal, when the search
     * failed under {@link SearchFailurePolicy#REFUSE}.
     */
    private record Correction(List<ScoredPassage> kept, boolean refused) {
    }

    /**
     * The correction: the web's usable results join the router's passages. When the search fails, the failure
     * policy decides: answer from the best knowledge-base passages, flagged incomplete, or refuse.
     */
    private Correction correct(Query query, Route route, List<ScoredPassage> graded, WebSearchStage.Search search,
                               Thresholds thresholds, TraceRecorder trace) {
        List<ScoredPassage> kept = new ArrayList<>(route.kept());
        WebSearchStage.Fetched fetched = trace.time(Stage.CORRECT, () -> {
            WebSearchStage.Fetched f = search.result();
            kept.addAll(stages.webSearch().grade(query, f, thresholds, trace));
            return f;
        });
        if (!fetched.failed()) {
            return new Correction(List.copyOf(kept), false);
        }
        if (settings.onSearchFailure() == SearchFailurePolicy.REFUSE) {
            return new Correction(List.copyOf(kept), true);
        }
        if (route.action() == Grade.INCORRECT) {
            graded.stream().sorted(Comparator.comparingDouble(ScoredPassage::score).reversed())
                    .limit(CorrectivePipeline.FALLBACK_PASSAGES).forEach(kept::add);
        }
        trace.incomplete(Stage.CORRECT, "the web search fallback was unavailable: answering from the "
                + "knowledge base only, so the answer may be incomplete");
        return new Correction(List.copyOf(kept), false);
    }

    /**
     * Self-RAG's re-retrieval: the whole corrective path again, with twice the passages. The rewritten question
     * retrieves; the question as asked is what the new passages are graded, refined and answered for (a keyword
     * rewrite no longer says what is asked: "how many", "in what year").
     */
    private CritiqueLoop.Context retrieveAgain(Query original, String rewritten, TraceRecorder child) {
        Query asked = child.time(Stage.ANALYSE, () -> stages.analysis().analyse(rewritten, child))
                .withFilter(original.filter());
        child.retrievalDecision(new RetrievalDecision(true, "critique", "re-retrieval after a rejected answer"));
        Retrieved retrieved = retrieve(asked, List.of(), Math.min(100, settings.topK() * 2), false, child);
        Query forQuestion = original.withTermStatistics(retrieved.query().termStatistics());
        Prepared prepared = prepare(new Retrieved(forQuestion, retrieved.passages(),
                stages.webSearch().search(forQuestion, settings.searchResults(), null)), child);
        return new CritiqueLoop.Context(forQuestion, prepared.refusal() != null ? List.of() : prepared.context());
    }

    /** A multi-part question answered in part: the answer stands, flagged incomplete with the missing part named. */
    private static Answer flagMissingParts(String question, Answer answer, TraceRecorder trace) {
        if (answer.abstained()) {
            return answer;
        }
        List<String> missing = QuestionParts.missing(question, answer.text());
        if (!missing.isEmpty() && missing.size() < QuestionParts.of(question).size()) {
            trace.partialAnswer(Stage.GENERATE, "the answer covers only part of the question: nothing found on "
                    + String.join(", ", missing));
        }
        return answer;
    }

    private static void emit(Answer answer, Consumer<String> tokens) {
        if (tokens != null && !answer.abstained() && !answer.text().isEmpty()) {
            tokens.accept(answer.text());
        }
    }
}

package io.corrigo.engine;

import io.corrigo.api.Answer;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.Embedding;
import io.corrigo.api.Grade;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.ScoredPassage;
import io.corrigo.api.Strip;
import io.corrigo.api.TermStatistics;
import io.corrigo.api.text.Sentences;
import io.corrigo.api.text.Terms;
import io.corrigo.api.Critic;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.QueryRewriter;
import io.corrigo.engine.correct.KeywordQueryRewriter;
import io.corrigo.engine.correct.Rewriting;
import io.corrigo.engine.correct.WebSearchStage;
import io.corrigo.engine.critique.CritiqueLoop;
import io.corrigo.engine.critique.RetrievalGate;
import io.corrigo.engine.critique.SelfRagSettings;
import io.corrigo.engine.generate.GenerationStage;
import io.corrigo.engine.generate.QuestionParts;
import io.corrigo.engine.grade.ActionRule;
import io.corrigo.engine.grade.CragActionRule;
import io.corrigo.engine.grade.PassageGrader;
import io.corrigo.engine.grade.Thresholds;
import io.corrigo.engine.route.Route;
import io.corrigo.engine.route.Router;
import io.corrigo.engine.refine.KnowledgeRefiner;
import io.corrigo.engine.refine.PassageEmbedder;
import io.corrigo.engine.retrieve.RetrievalStage;
import io.corrigo.engine.trace.RetrievalDecision;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.StripTrace;
import io.corrigo.engine.trace.TraceRecorder;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Consumer;

/**
 * One tenant pipeline: answers a question through Corrective RAG, or the naive baseline, and traces it.
 *
 * <p>A corrective run, step by step:
 * <ol>
 *   <li><b>analyse</b>: embed the question once, and decide whether it needs retrieval at all (Self-RAG's
 *       Retrieve decision, {@link RetrievalGate}); a greeting goes straight to the generator;</li>
 *   <li><b>retrieve</b>: top-k passages from the knowledge base ({@link RetrievalStage});</li>
 *   <li><b>evaluate</b>: score and grade every passage in parallel, decide the action ({@link PassageGrader},
 *       {@link ActionRule});</li>
 *   <li><b>correct</b>: INCORRECT drops the knowledge base and searches the web; AMBIGUOUS keeps the passages
 *       not graded INCORRECT and adds web results; web results are graded too ({@link WebSearchStage}). When the
 *       search fails, {@link SearchFailurePolicy} decides: answer from the best KB passages flagged incomplete,
 *       or refuse. With {@code parallelSearch} the search starts with retrieval and is cancelled on CORRECT;</li>
 *   <li><b>refine</b>: keep the relevant sentences within the token budget ({@link KnowledgeRefiner});</li>
 *   <li><b>generate</b>: answer with citations, or abstain when nothing survived ({@link GenerationStage});</li>
 *   <li><b>critique</b>: judge each sentence's support and the answer's usefulness, then serve, regenerate, or
 *       rewrite the question and retrieve again, within a bounded number of rounds ({@link CritiqueLoop}).</li>
 * </ol>
 * A naive run does 1, 2 and 6 only, with the whole top-k passages as context.
 *
 * <p>Plugin failures never escape {@link #run}: each stage turns them into a notice in the trace, and the run
 * is flagged degraded. Instances are immutable and thread-safe; build one per pipeline version.
 */
public final class CorrectivePipeline {

    /** The reason a naive run's context sentences carry in the trace: nothing was graded or dropped. */
    public static final String NAIVE_CONTEXT = "naive: the whole passage goes to the generator";

    /** The refusal under {@link SearchFailurePolicy#REFUSE}. */
    public static final String SEARCH_UNAVAILABLE = "There is not enough reliable information to answer this right "
            + "now: the knowledge base does not settle it and the web search fallback is unavailable.";

    /** How many knowledge-base passages {@link SearchFailurePolicy#ANSWER_FROM_KB} falls back on. */
    static final int FALLBACK_PASSAGES = 3;

    private final PipelineSettings settings;
    private final PipelinePlugins plugins;
    private final Executor executor;
    private final Clock clock;
    private final ActionRule actionRule;
    private final Router router;
    private final RetrievalStage retrieval;
    private final PassageGrader grader;
    private final WebSearchStage webSearch;
    private final KnowledgeRefiner refiner;
    private final GenerationStage generation;
    private final Critic critic;
    private final QueryRewriter queryRewriter;
    private final RetrievalGate gate;
    private final CritiqueLoop critiqueLoop;

    private CorrectivePipeline(Builder builder) {
        this.settings = Objects.requireNonNull(builder.settings, "settings");
        this.plugins = Objects.requireNonNull(builder.plugins, "plugins");
        this.executor = builder.executor != null ? builder.executor : ForkJoinPool.commonPool();
        this.clock = builder.clock != null ? builder.clock : Clock.systemUTC();
        this.actionRule = builder.actionRule != null ? builder.actionRule : new CragActionRule();
        this.router = new Router(actionRule);
        Rewriting rewriting = new Rewriting(builder.queryRewriter);
        PassageEmbedder embedder = new PassageEmbedder(plugins.embeddings(), executor);
        this.retrieval = new RetrievalStage(plugins.retriever());
        this.grader = new PassageGrader(plugins.evaluator(), executor);
        this.webSearch = new WebSearchStage(plugins.searchProvider(), rewriting, embedder, grader);
        this.refiner = new KnowledgeRefiner(plugins.evaluator(), embedder, executor);
        this.generation = new GenerationStage(plugins.generator());
        this.critic = builder.critic;
        this.queryRewriter = builder.queryRewriter;
        this.gate = new RetrievalGate(critic);
        this.critiqueLoop = new CritiqueLoop(critic, generation, rewriting, clock);
    }

    public static Builder builder() {
        return new Builder();
    }

    public PipelineSettings settings() {
        return settings;
    }

    /** The same plugins with other settings, e.g. the naive baseline of this pipeline for an evaluation. */
    public CorrectivePipeline withSettings(PipelineSettings value) {
        return builder().settings(value).plugins(plugins).executor(executor).clock(clock).actionRule(actionRule)
                .queryRewriter(queryRewriter).critic(critic).build();
    }

    /** Answers {@code question}; never throws for a plugin's failure. */
    public RunResult run(String question) {
        return run(question, null);
    }

    /**
     * Answers {@code question}, handing the answer text to {@code tokens} as it is produced: live from the generator
     * when the answer is not critiqued, else the served answer at once after the critique (a critique may still
     * reject a draft, so drafts are not shown). The returned answer is authoritative: it may differ from what was
     * streamed when the generator's citations were corrected or it failed midway. Never throws for a plugin's failure.
     *
     * @param tokens where pieces of the answer go, or {@code null}
     */
    public RunResult run(String question, Consumer<String> tokens) {
        TraceRecorder trace = new TraceRecorder(question, settings, plugins.refs(), clock);
        Query asked = trace.time(Stage.ANALYSE, () -> analyse(question, trace));
        Answer answer;
        if (settings.mode() == Mode.CORRECTIVE && !gate.decide(asked, settings.selfRag(), trace).retrieve()) {
            answer = trace.time(Stage.GENERATE, () -> generation.generate(
                    new GenerationRequest(asked, List.of(), true, null), trace, tokens));
        } else if (settings.mode() == Mode.NAIVE) {
            List<Passage> retrieved = trace.time(Stage.RETRIEVE, () -> retrieval.retrieve(asked, settings.topK(), trace));
            Query query = asked.withTermStatistics(retrieval.termStatistics(trace));
            answer = answerNaively(query, retrieved, trace, tokens);
        } else {
            answer = answerCorrectively(question, asked, trace, tokens);
        }
        return new RunResult(answer, trace.finish(answer.abstained()));
    }

    private Answer answerCorrectively(String question, Query asked, TraceRecorder trace, Consumer<String> tokens) {
        FutureTask<WebSearchStage.Fetched> early = startParallelSearch(asked);
        List<Passage> retrieved = trace.time(Stage.RETRIEVE, () -> retrieval.retrieve(asked, settings.topK(), trace));
        Query query = asked.withTermStatistics(retrieval.termStatistics(trace));
        Prepared prepared = prepare(query, retrieved, early, trace);
        if (prepared.refusal() != null) {
            return prepared.refusal();
        }
        SelfRagSettings selfRag = settings.selfRag();
        boolean critiqued = selfRag.critique();
        boolean live = !critiqued || critic == null;
        Answer first = trace.time(Stage.GENERATE, () -> generation.generate(
                new GenerationRequest(query, prepared.context()), trace, live ? tokens : null));
        if (!critiqued || first.abstained() || !critiqueLoop.canJudge(first)) {
            if (!live) {
                emit(first, tokens);
            }
            return flagMissingParts(question, first, trace);
        }
        Answer served = trace.time(Stage.CRITIQUE, () -> critiqueLoop.run(question,
                new CritiqueLoop.Context(query, prepared.context()), first, selfRag, trace, this::retrieveAgain));
        if (!live) {
            emit(served, tokens);
        }
        return flagMissingParts(question, served, trace);
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

    /** Self-RAG's re-retrieval: the whole corrective path again for a rewritten question, with twice the passages. */
    private CritiqueLoop.Context retrieveAgain(String rewritten, TraceRecorder child) {
        Query asked = child.time(Stage.ANALYSE, () -> analyse(rewritten, child));
        child.retrievalDecision(new RetrievalDecision(true, "critique", "re-retrieval after a rejected answer"));
        int topK = Math.min(100, settings.topK() * 2);
        List<Passage> retrieved = child.time(Stage.RETRIEVE, () -> retrieval.retrieve(asked, topK, child));
        Query query = asked.withTermStatistics(retrieval.termStatistics(child));
        Prepared prepared = prepare(query, retrieved, null, child);
        return new CritiqueLoop.Context(query, prepared.refusal() != null ? List.of() : prepared.context());
    }

    /** Starts the web search now when the pipeline asks for it; {@code null} otherwise. */
    private FutureTask<WebSearchStage.Fetched> startParallelSearch(Query query) {
        if (settings.mode() != Mode.CORRECTIVE || !settings.parallelSearch() || !webSearch.configured()) {
            return null;
        }
        FutureTask<WebSearchStage.Fetched> task = new FutureTask<>(() -> webSearch.fetch(query, settings.searchResults()));
        executor.execute(task);
        return task;
    }

    private Query analyse(String question, TraceRecorder trace) {
        Embedding embedding = null;
        try {
            embedding = plugins.embeddings().embed(question);
        } catch (RuntimeException e) {
            trace.notice(Stage.ANALYSE, "embedding the question failed: " + Failures.describe(e), true);
        }
        return new Query(question, embedding, TermStatistics.UNIFORM);
    }

    /** The refined context for a corrective answer, or a refusal under {@link SearchFailurePolicy#REFUSE}. */
    private record Prepared(List<ContextStrip> context, Answer refusal) {
    }

    private Prepared prepare(Query query, List<Passage> retrieved, FutureTask<WebSearchStage.Fetched> early,
                             TraceRecorder trace) {
        Thresholds thresholds = new Thresholds(settings.upperThreshold(), settings.lowerThreshold());
        List<ScoredPassage> graded = trace.time(Stage.EVALUATE, () -> grader.grade(query, retrieved, thresholds));
        Route route = router.route(graded);
        trace.action(route.action());
        List<ScoredPassage> kept = new ArrayList<>(route.kept());
        if (!route.searchWeb()) {
            if (early != null) {
                early.cancel(true);
                trace.notice(Stage.CORRECT, "parallel web search cancelled: the knowledge base answered", false);
            }
        } else {
            WebSearchStage.Fetched fetched = trace.time(Stage.CORRECT, () -> {
                WebSearchStage.Fetched f = awaitSearch(query, early);
                kept.addAll(webSearch.grade(query, f, thresholds, trace));
                return f;
            });
            if (fetched.failed()) {
                if (settings.onSearchFailure() == SearchFailurePolicy.REFUSE) {
                    trace.retrieved(graded, kept::contains);
                    return new Prepared(List.of(), Answer.abstain(SEARCH_UNAVAILABLE));
                }
                if (route.action() == Grade.INCORRECT) {
                    graded.stream().sorted(Comparator.comparingDouble(ScoredPassage::score).reversed())
                            .limit(FALLBACK_PASSAGES).forEach(kept::add);
                }
                trace.incomplete(Stage.CORRECT, "the web search fallback was unavailable: answering from the "
                        + "knowledge base only, so the answer may be incomplete");
            }
        }
        trace.retrieved(graded, kept::contains);
        List<ContextStrip> context = trace.time(Stage.REFINE, () -> refiner.refine(query, kept,
                settings.stripThreshold(), settings.stripRatio(), settings.tokenBudget(), trace));
        return new Prepared(context, null);
    }

    private WebSearchStage.Fetched awaitSearch(Query query, FutureTask<WebSearchStage.Fetched> early) {
        if (early == null) {
            return webSearch.fetch(query, settings.searchResults());
        }
        try {
            return early.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new WebSearchStage.Fetched(null, List.of(), "interrupted while waiting for the web search", null);
        } catch (ExecutionException e) {
            return new WebSearchStage.Fetched(null, List.of(), Failures.describe(e), null);
        }
    }

    private Answer answerNaively(Query query, List<Passage> retrieved, TraceRecorder trace, Consumer<String> tokens) {
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
                    sentences.add(new StripTrace(passage.id(), k, texts.get(k), rankScore, true, NAIVE_CONTEXT));
                }
            } else {
                // the whole passage, sentence by sentence with the embeddings the index stored (as refinement hands
                // them on), so the generator need not embed them again: a fair baseline for latency
                for (Strip strip : passage.strips()) {
                    context.add(new ContextStrip(i + 1, strip.text(), passage.source(), rankScore, strip.embedding()));
                    sentences.add(new StripTrace(passage.id(), strip.index(), strip.text(), rankScore, true, NAIVE_CONTEXT));
                }
            }
        }
        trace.strips(sentences); // what the generator saw, sentence by sentence, as in a corrective trace
        trace.contextTokens(words);
        return trace.time(Stage.GENERATE, () -> generation.generate(new GenerationRequest(query, context), trace, tokens));
    }

    /** Builds a pipeline; only settings and plugins are required. */
    public static final class Builder {
        private PipelineSettings settings;
        private PipelinePlugins plugins;
        private Executor executor;
        private Clock clock;
        private ActionRule actionRule;
        private QueryRewriter queryRewriter;
        private Critic critic;

        public Builder settings(PipelineSettings value) {
            this.settings = value;
            return this;
        }

        public Builder plugins(PipelinePlugins value) {
            this.plugins = value;
            return this;
        }

        /** Where passages and strips are graded in parallel; default: the common fork-join pool. */
        public Builder executor(Executor value) {
            this.executor = value;
            return this;
        }

        public Builder clock(Clock value) {
            this.clock = value;
            return this;
        }

        /** Default: {@link CragActionRule}. */
        public Builder actionRule(ActionRule value) {
            this.actionRule = value;
            return this;
        }

        /** Rewrites questions for web search and re-retrieval; default (and fallback): {@link KeywordQueryRewriter}. */
        public Builder queryRewriter(QueryRewriter value) {
            this.queryRewriter = value;
            return this;
        }

        /**
         * Judges answers and decides retrieve-or-not; default none: answers are critiqued only by a Self-RAG
         * generator's reflection tokens, and the retrieval decision is the host's heuristic.
         */
        public Builder critic(Critic value) {
            this.critic = value;
            return this;
        }

        public CorrectivePipeline build() {
            return new CorrectivePipeline(this);
        }
    }
}

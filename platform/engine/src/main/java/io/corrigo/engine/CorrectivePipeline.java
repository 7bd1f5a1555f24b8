package io.corrigo.engine;

import io.corrigo.api.Answer;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.Embedding;
import io.corrigo.api.Grade;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.ScoredPassage;
import io.corrigo.api.TermStatistics;
import io.corrigo.api.text.Terms;
import io.corrigo.engine.correct.KeywordQueryRewriter;
import io.corrigo.engine.correct.QueryRewriter;
import io.corrigo.engine.correct.WebSearchStage;
import io.corrigo.engine.generate.GenerationStage;
import io.corrigo.engine.grade.ActionRule;
import io.corrigo.engine.grade.CragActionRule;
import io.corrigo.engine.grade.PassageGrader;
import io.corrigo.engine.grade.Thresholds;
import io.corrigo.engine.refine.KnowledgeRefiner;
import io.corrigo.engine.refine.PassageEmbedder;
import io.corrigo.engine.retrieve.RetrievalStage;
import io.corrigo.engine.trace.Stage;
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

/**
 * One tenant pipeline: answers a question through Corrective RAG, or the naive baseline, and traces it.
 *
 * <p>A corrective run, step by step:
 * <ol>
 *   <li><b>analyse</b>: embed the question once;</li>
 *   <li><b>retrieve</b>: top-k passages from the knowledge base ({@link RetrievalStage});</li>
 *   <li><b>evaluate</b>: score and grade every passage in parallel, decide the action ({@link PassageGrader},
 *       {@link ActionRule});</li>
 *   <li><b>correct</b>: INCORRECT drops the knowledge base and searches the web; AMBIGUOUS keeps the passages
 *       not graded INCORRECT and adds web results; web results are graded too ({@link WebSearchStage}). When the
 *       search fails, {@link SearchFailurePolicy} decides: answer from the best KB passages flagged incomplete,
 *       or refuse. With {@code parallelSearch} the search starts with retrieval and is cancelled on CORRECT;</li>
 *   <li><b>refine</b>: keep the relevant sentences within the token budget ({@link KnowledgeRefiner});</li>
 *   <li><b>generate</b>: answer with citations, or abstain when nothing survived ({@link GenerationStage}).</li>
 * </ol>
 * A naive run does 1, 2 and 6 only, with the whole top-k passages as context.
 *
 * <p>Plugin failures never escape {@link #run}: each stage turns them into a notice in the trace, and the run
 * is flagged degraded. Instances are immutable and thread-safe; build one per pipeline version.
 */
public final class CorrectivePipeline {

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
    private final RetrievalStage retrieval;
    private final PassageGrader grader;
    private final WebSearchStage webSearch;
    private final KnowledgeRefiner refiner;
    private final GenerationStage generation;

    private CorrectivePipeline(Builder builder) {
        this.settings = Objects.requireNonNull(builder.settings, "settings");
        this.plugins = Objects.requireNonNull(builder.plugins, "plugins");
        this.executor = builder.executor != null ? builder.executor : ForkJoinPool.commonPool();
        this.clock = builder.clock != null ? builder.clock : Clock.systemUTC();
        this.actionRule = builder.actionRule != null ? builder.actionRule : new CragActionRule();
        QueryRewriter rewriter = builder.queryRewriter != null ? builder.queryRewriter : new KeywordQueryRewriter();
        PassageEmbedder embedder = new PassageEmbedder(plugins.embeddings(), executor);
        this.retrieval = new RetrievalStage(plugins.retriever());
        this.grader = new PassageGrader(plugins.evaluator(), executor);
        this.webSearch = new WebSearchStage(plugins.searchProvider(), rewriter, embedder, grader);
        this.refiner = new KnowledgeRefiner(plugins.evaluator(), embedder, executor);
        this.generation = new GenerationStage(plugins.generator());
    }

    public static Builder builder() {
        return new Builder();
    }

    public PipelineSettings settings() {
        return settings;
    }

    /** Answers {@code question}; never throws for a plugin's failure. */
    public RunResult run(String question) {
        TraceRecorder trace = new TraceRecorder(question, settings, plugins.refs(), clock);
        Query asked = trace.time(Stage.ANALYSE, () -> analyse(question, trace));
        FutureTask<WebSearchStage.Fetched> early = startParallelSearch(asked);
        List<Passage> retrieved = trace.time(Stage.RETRIEVE, () -> retrieval.retrieve(asked, settings.topK(), trace));
        TermStatistics statistics = retrieval.termStatistics(trace);
        Query query = asked.withTermStatistics(statistics);
        Answer answer = settings.mode() == Mode.NAIVE
                ? answerNaively(query, retrieved, trace)
                : answerCorrectively(query, retrieved, early, trace);
        return new RunResult(answer, trace.finish(answer.abstained()));
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

    private Answer answerCorrectively(Query query, List<Passage> retrieved, FutureTask<WebSearchStage.Fetched> early,
                                      TraceRecorder trace) {
        Thresholds thresholds = new Thresholds(settings.upperThreshold(), settings.lowerThreshold());
        List<ScoredPassage> graded = trace.time(Stage.EVALUATE, () -> grader.grade(query, retrieved, thresholds));
        Grade action = actionRule.decide(graded);
        trace.action(action);
        List<ScoredPassage> kept = new ArrayList<>(action == Grade.INCORRECT
                ? List.of()
                : graded.stream().filter(p -> p.grade() != Grade.INCORRECT).toList());
        if (action == Grade.CORRECT) {
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
                    return Answer.abstain(SEARCH_UNAVAILABLE);
                }
                if (action == Grade.INCORRECT) {
                    graded.stream().sorted(Comparator.comparingDouble(ScoredPassage::score).reversed())
                            .limit(FALLBACK_PASSAGES).forEach(kept::add);
                }
                trace.incomplete(Stage.CORRECT, "the web search fallback was unavailable: answering from the "
                        + "knowledge base only, so the answer may be incomplete");
            }
        }
        trace.retrieved(graded, kept::contains);
        List<ContextStrip> context = trace.time(Stage.REFINE, () -> refiner.refine(query, kept,
                settings.stripThreshold(), settings.tokenBudget(), trace));
        return trace.time(Stage.GENERATE, () -> generation.generate(query, context, trace));
    }

    private WebSearchStage.Fetched awaitSearch(Query query, FutureTask<WebSearchStage.Fetched> early) {
        if (early == null) {
            return webSearch.fetch(query, settings.searchResults());
        }
        try {
            return early.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new WebSearchStage.Fetched(null, List.of(), "interrupted while waiting for the web search");
        } catch (ExecutionException e) {
            return new WebSearchStage.Fetched(null, List.of(), Failures.describe(e));
        }
    }

    private Answer answerNaively(Query query, List<Passage> retrieved, TraceRecorder trace) {
        List<ContextStrip> context = new ArrayList<>();
        int tokens = 0;
        for (int i = 0; i < retrieved.size(); i++) {
            Passage passage = retrieved.get(i);
            trace.retrievedUngraded(passage);
            context.add(new ContextStrip(i + 1, passage.text(), passage.source(), 1.0 / (i + 1), passage.embedding()));
            tokens += Terms.tokens(passage.text()).size();
        }
        trace.contextTokens(tokens);
        return trace.time(Stage.GENERATE, () -> generation.generate(query, context, trace));
    }

    /** Builds a pipeline; only settings and plugins are required. */
    public static final class Builder {
        private PipelineSettings settings;
        private PipelinePlugins plugins;
        private Executor executor;
        private Clock clock;
        private ActionRule actionRule;
        private QueryRewriter queryRewriter;

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

        /** Default: {@link KeywordQueryRewriter}. */
        public Builder queryRewriter(QueryRewriter value) {
            this.queryRewriter = value;
            return this;
        }

        public CorrectivePipeline build() {
            return new CorrectivePipeline(this);
        }
    }
}

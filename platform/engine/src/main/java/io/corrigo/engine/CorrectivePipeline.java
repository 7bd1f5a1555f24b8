package io.corrigo.engine;

import io.corrigo.api.PassageFilter;
import io.corrigo.api.Query;
import io.corrigo.engine.analyse.AnalyseStage;
import io.corrigo.engine.condense.CondenseStage;
import io.corrigo.engine.confidence.ConfidencePolicy;
import io.corrigo.engine.confidence.SourceConflicts;
import io.corrigo.engine.condense.RuleCondenser;
import io.corrigo.engine.condense.Turn;
import io.corrigo.engine.correct.WebSearchStage;
import io.corrigo.engine.critique.CritiqueLoop;
import io.corrigo.engine.gate.RetrievalGate;
import io.corrigo.engine.generate.GenerationStage;
import io.corrigo.engine.guard.GuardStage;
import io.corrigo.engine.grade.ActionRule;
import io.corrigo.engine.grade.CragActionRule;
import io.corrigo.engine.grade.PassageGrader;
import io.corrigo.engine.refine.KnowledgeRefiner;
import io.corrigo.engine.refine.PassageEmbedder;
import io.corrigo.engine.rerank.RerankStage;
import io.corrigo.engine.retrieve.RetrievalStage;
import io.corrigo.engine.rewrite.KeywordQueryRewriter;
import io.corrigo.engine.rewrite.Rewriting;
import io.corrigo.engine.route.Router;
import io.corrigo.engine.settings.Mode;
import io.corrigo.engine.settings.PipelineSettings;
import io.corrigo.engine.settings.SearchFailurePolicy;
import io.corrigo.engine.trace.Decision;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;
import io.corrigo.api.Answer;
import io.corrigo.api.ContextStrip;
import io.corrigo.engine.trace.RunTrace;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Consumer;

/**
 * One tenant pipeline: answers a question through Corrective RAG, or the naive baseline, and traces it.
 *
 * <p>A corrective run ({@link CorrectiveAnswering}) is a straight line of stages, each a class in a package of its own:
 * <ol>
 *   <li><b>guard</b> (with a guardrail): the question and the conversation redacted before anything else sees them
 *       ({@link GuardStage}; fails closed);</li>
 *   <li><b>condense</b> (later turns of a conversation): a follow-up made a standalone question from the earlier turns
 *       ({@link CondenseStage}; the offline rules, or the pipeline's query rewriter);</li>
 *   <li><b>analyse</b>: embed the question once ({@link AnalyseStage}), and decide whether it needs retrieval at all
 *       (Self-RAG's Retrieve decision, {@link RetrievalGate}); a greeting goes straight to the generator;</li>
 *   <li><b>retrieve</b>: top-k passages from the knowledge base ({@link RetrievalStage}), or a few times more
 *       candidates when there is a reranker, which keeps the best top-k of its order ({@link RerankStage});</li>
 *   <li><b>grade</b>: score and grade every passage in parallel ({@link PassageGrader});</li>
 *   <li><b>route</b>: CORRECT, AMBIGUOUS or INCORRECT, which passages stay, whether to search the web
 *       ({@link Router}, the one routing rule that calibration replays too);</li>
 *   <li><b>correct</b>: search the web and grade the results ({@link WebSearchStage}; with {@code parallelSearch} the
 *       search starts with retrieval and is cancelled when not needed). When the search fails,
 *       {@link SearchFailurePolicy} decides: answer from the best KB passages flagged incomplete, or refuse;</li>
 *   <li><b>refine</b>: keep the sentences that answer, within the token budget ({@link KnowledgeRefiner});</li>
 *   <li><b>generate</b>: answer with citations, or abstain when nothing survived ({@link GenerationStage});</li>
 *   <li><b>critique</b>: judge each sentence's support and the answer's usefulness, then serve, regenerate, or
 *       rewrite the question and retrieve again, within a bounded number of rounds ({@link CritiqueLoop}).</li>
 * </ol>
 * A naive run ({@link NaiveAnswering}) retrieves and generates from the whole top-k passages.
 *
 * <p>Plugin failures never escape {@link #run}: each stage turns them into a notice in the trace, and the run
 * is flagged degraded. Instances are immutable and thread-safe; build one per pipeline version.
 */
public final class CorrectivePipeline {

    /** The reason a naive run's context sentences carry in the trace: nothing was graded or dropped. */
    public static final String NAIVE_CONTEXT = "naive: the whole passage goes to the generator";

    /** The refusal under {@link SearchFailurePolicy#REFUSE}. */
    public static final String SEARCH_UNAVAILABLE = io.corrigo.engine.generate.Localized.SEARCH_UNAVAILABLE;

    /** The abstention when the guardrail could not check the question. */
    public static final String UNCHECKED = io.corrigo.engine.generate.Localized.UNCHECKED;

    /** How many knowledge-base passages {@link SearchFailurePolicy#ANSWER_FROM_KB} falls back on. */
    static final int FALLBACK_PASSAGES = 3;

    private final PipelineSettings settings;
    private final PipelinePlugins plugins;
    private final Executor executor;
    private final Clock clock;
    private final ActionRule actionRule;
    private final GuardStage guard;
    private final CondenseStage condensing;
    private final AnalyseStage analysis;
    private final AnswerStrategy strategy;

    private CorrectivePipeline(Builder builder) {
        this.settings = Objects.requireNonNull(builder.settings, "settings");
        this.plugins = Objects.requireNonNull(builder.plugins, "plugins");
        this.executor = builder.executor != null ? builder.executor : ForkJoinPool.commonPool();
        this.clock = builder.clock != null ? builder.clock : Clock.systemUTC();
        this.actionRule = builder.actionRule != null ? builder.actionRule : new CragActionRule();
        this.guard = new GuardStage(plugins.get(io.corrigo.api.Guardrail.class));
        this.condensing = new CondenseStage(plugins.queryRewriter());
        this.analysis = new AnalyseStage(plugins.embeddings());
        RetrievalStage retrieval = new RetrievalStage(plugins.retriever());
        GenerationStage generation = new GenerationStage(plugins.generator());
        if (settings.mode() == Mode.NAIVE) {
            this.strategy = new NaiveAnswering(settings.topK(), retrieval, generation);
            return;
        }
        Rewriting rewriting = new Rewriting(plugins.queryRewriter());
        PassageEmbedder embedder = new PassageEmbedder(plugins.embeddings(), executor);
        PassageGrader grader = new PassageGrader(plugins.evaluator(), executor);
        this.strategy = new CorrectiveAnswering(settings, new CorrectiveAnswering.Stages(analysis,
                new RetrievalGate(plugins.critic()), retrieval, new RerankStage(plugins.reranker()), grader,
                new Router(actionRule), new WebSearchStage(plugins.searchProvider(), rewriting, embedder, grader),
                new KnowledgeRefiner(plugins.evaluator(), embedder, executor), generation,
                new CritiqueLoop(plugins.critic(), generation, rewriting, clock), plugins.critic(), executor));
    }

    public static Builder builder() {
        return new Builder();
    }

    public PipelineSettings settings() {
        return settings;
    }

    /** The same plugins with other settings, e.g. the naive baseline of this pipeline for an evaluation. */
    public CorrectivePipeline withSettings(PipelineSettings value) {
        return builder().settings(value).plugins(plugins).executor(executor).clock(clock).actionRule(actionRule).build();
    }

    /** Answers {@code question}; never throws for a plugin's failure. */
    public RunResult run(String question) {
        return run(question, null);
    }

    /**
     * Answers {@code question}, handing the answer text to {@code tokens} as it is produced: live from the generator
     * when the answer is not critiqued; with a critic, sentence by sentence, each as soon as the critic has judged it
     * supported and before the whole answer is judged (an unsupported sentence is never handed on; see
     * {@link io.corrigo.engine.critique.JudgedRelease}). The returned answer is authoritative: it may differ from
     * what was streamed when the critique regenerated or re-retrieved, the generator's citations were corrected or it
     * failed midway. Never throws for a plugin's failure.
     *
     * @param tokens where pieces of the answer go, or {@code null}
     */
    public RunResult run(String question, Consumer<String> tokens) {
        return run(question, List.of(), tokens);
    }

    /**
     * Answers {@code question} as the next turn of a conversation: a follow-up is first made a standalone question
     * from {@code history} (the condense stage; recorded in the trace), then answered as
     * {@link #run(String, Consumer)} does. Never throws for a plugin's failure.
     *
     * @param history the conversation's earlier turns, oldest first, their questions as the user asked them; empty for a
     *                first question
     */
    public RunResult run(String question, List<Turn> history, Consumer<String> tokens) {
        return run(question, history, tokens, d -> { });
    }

    /**
     * Answers as {@link #run(String, List, Consumer)} does, announcing the retrieval decision to {@code decisions} as
     * soon as it is taken, before the answer is generated (once; not at all in a naive run, which decides nothing).
     */
    public RunResult run(String question, List<Turn> history, Consumer<String> tokens, Consumer<Decision> decisions) {
        return run(question, history, PassageFilter.NONE, tokens, decisions);
    }

    /**
     * Answers as {@link #run(String, List, Consumer, Consumer)} does, from the passages {@code filter} keeps only: the
     * question's collections, metadata and dates, and what its asker may read. Every retrieval of the run (a
     * re-retrieval after a rejected answer too) is scoped by it.
     */
    public RunResult run(String question, List<Turn> history, PassageFilter filter, Consumer<String> tokens,
                         Consumer<Decision> decisions) {
        GuardStage.Guarded guarded = guard.inputs(question, history);
        TraceRecorder trace = new TraceRecorder(guarded.question(), settings, plugins.refs(), clock);
        guard.record(guarded, trace);
        if (guarded.failure() != null) {
            return new RunResult(Answer.abstain(io.corrigo.engine.generate.Localized.in(question, UNCHECKED)), trace.finish(true));
        }
        trace.observe(decisions);
        RuleCondenser.Condensed condensed = condense(guarded.question(), guarded.history(), trace);
        if (condensed.unclear()) {
            // asking back beats retrieving for a question nobody asked, or serving the last answer again
            return new RunResult(Answer.abstain(condensed.clarification()), trace.finish(true));
        }
        Query asked = trace.time(Stage.ANALYSE, () -> analysis.analyse(condensed.question(), trace)).withFilter(filter);
        Answer answer = strategy.answer(asked, cited(guarded.history()), trace, tokens);
        if (settings.mode() != Mode.NAIVE) {
            answer = new SourceConflicts(settings.onConflict()).apply(asked, answer, trace);
        }
        answer = new ConfidencePolicy(settings).apply(condensed.question(), answer, trace);
        return new RunResult(answer, trace.finish(answer.abstained()));
    }

    /**
     * The graded and refined evidence for {@code question}, without generating an answer (for front-ends that generate
     * themselves): retrieval, grading, routing, the web correction and refinement run as for {@link #run}, and the
     * trace records them; a follow-up is condensed against {@code history} first. Never throws for a plugin's failure.
     */
    public Evidence evidence(String question, List<Turn> history) {
        return evidence(question, history, PassageFilter.NONE);
    }

    /** As {@link #evidence(String, List)}, from the passages {@code filter} keeps only. */
    public Evidence evidence(String question, List<Turn> history, PassageFilter filter) {
        GuardStage.Guarded guarded = guard.inputs(question, history);
        TraceRecorder trace = new TraceRecorder(guarded.question(), settings, plugins.refs(), clock);
        guard.record(guarded, trace);
        if (guarded.failure() != null) {
            return new Evidence(List.of(), trace.finish(true));
        }
        RuleCondenser.Condensed condensed = condense(guarded.question(), guarded.history(), trace);
        if (condensed.unclear()) {
            return new Evidence(List.of(), trace.finish(true));
        }
        Query asked = trace.time(Stage.ANALYSE, () -> analysis.analyse(condensed.question(), trace)).withFilter(filter);
        List<ContextStrip> context = strategy.evidence(asked, cited(guarded.history()), trace);
        return new Evidence(context, trace.finish(context.isEmpty()));
    }

    /** The question to work on: a first question as it is (untimed, unrecorded), a follow-up through the condense stage. */
    private RuleCondenser.Condensed condense(String question, List<Turn> history, TraceRecorder trace) {
        return history.isEmpty() ? new RuleCondenser.Condensed(question, "unchanged", List.of(), null)
                : trace.time(Stage.CONDENSE, () -> condensing.condense(question, history, trace));
    }

    /** The passages the previous answer cited: the follow-up grades them again ({@link CarriedEvidence}). */
    private static List<io.corrigo.api.Passage> cited(List<Turn> history) {
        return history.isEmpty() ? List.of() : history.get(history.size() - 1).cited();
    }

    /** The guardrail stage: what the run log may keep of an answer ({@link GuardStage#forLog}). */
    public GuardStage guard() {
        return guard;
    }

    /** The plugins this pipeline runs with (for {@link io.corrigo.engine.judge.OfflineJudge}, the offline measures). */
    public PipelinePlugins plugins() {
        return plugins;
    }

    /**
     * What {@link #evidence} found.
     *
     * @param context the refined sentences, with their source, citation number (one per source) and relevance
     * @param trace   every decision, as for a run
     */
    public record Evidence(List<ContextStrip> context, RunTrace trace) {
    }

    /** Builds a pipeline; only settings and plugins are required. */
    public static final class Builder {
        private PipelineSettings settings;
        private PipelinePlugins plugins;
        private Executor executor;
        private Clock clock;
        private ActionRule actionRule;

        public Builder settings(PipelineSettings value) {
            this.settings = value;
            return this;
        }

        /** Every plugin of the pipeline; a missing rewriter means {@link KeywordQueryRewriter}. */
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

        public CorrectivePipeline build() {
            return new CorrectivePipeline(this);
        }
    }
}

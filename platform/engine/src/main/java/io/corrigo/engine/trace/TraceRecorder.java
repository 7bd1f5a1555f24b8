package io.corrigo.engine.trace;

import io.corrigo.api.Grade;
import io.corrigo.api.ScoredPassage;
import io.corrigo.engine.settings.PipelineSettings;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Collects a {@link RunTrace} during one run. Not thread-safe: stages compute in parallel but record from
 * the run's own thread.
 */
public final class TraceRecorder {

    private final String question;
    private final Instant startedAt;
    private final long startNanos = System.nanoTime();
    private final PipelineSettings settings;
    private final List<PluginRef> plugins;
    private final List<PassageTrace> retrieved = new ArrayList<>();
    private final List<PassageTrace> searchResults = new ArrayList<>();
    private final List<StripTrace> strips = new ArrayList<>();
    private final List<Notice> notices = new ArrayList<>();
    private final List<StageTiming> timings = new ArrayList<>();
    private Grade action;
    private String rewrittenQuery;
    private int contextTokens;
    private boolean incomplete;
    private RetrievalDecision retrievalDecision;
    private final List<CritiqueRound> rounds = new ArrayList<>();
    private Reranking reranking;
    private Condensation condensation;
    private io.corrigo.api.TokenUsage generatorUsage = new io.corrigo.api.TokenUsage(0, 0);
    private boolean generations;
    private java.util.function.Consumer<Decision> decisions = d -> { };

    public TraceRecorder(String question, PipelineSettings settings, List<PluginRef> plugins, Clock clock) {
        this.question = question;
        this.settings = settings;
        this.plugins = List.copyOf(plugins);
        this.startedAt = clock.instant();
    }

    /** Runs {@code work} and records how long it took under {@code stage}. */
    public <T> T time(Stage stage, Supplier<T> work) {
        long start = System.nanoTime();
        try {
            return work.get();
        } finally {
            timings.add(new StageTiming(stage, (System.nanoTime() - start) / 1e6));
        }
    }

    /** Records that {@code stage} took {@code millis} before this recorder existed (the guardrail, which names the question). */
    public void timing(Stage stage, double millis) {
        timings.add(new StageTiming(stage, millis));
    }

    /** Records a problem the run worked around; {@code degrading} flags the answer. */
    public void notice(Stage stage, String message, boolean degrading) {
        notices.add(new Notice(stage, message, degrading));
    }

    /** Flags the answer as possibly incomplete, with a degrading notice saying why. */
    public void incomplete(Stage stage, String reason) {
        this.incomplete = true;
        notice(stage, reason, true);
    }

    /**
     * Flags the answer as covering only part of the question (a part of a multi-part question went unanswered): the
     * answer is incomplete, but nothing failed, so the notice does not degrade the run.
     */
    public void partialAnswer(Stage stage, String reason) {
        this.incomplete = true;
        notice(stage, reason, false);
    }

    /** Records graded knowledge-base passages; {@code kept} decides the kept flag of each. */
    public void retrieved(List<ScoredPassage> passages, java.util.function.Predicate<ScoredPassage> kept) {
        passages.forEach(p -> retrieved.add(toTrace(p, kept.test(p))));
    }

    /** Records a knowledge-base passage that was not graded (naive mode). */
    public void retrievedUngraded(io.corrigo.api.Passage passage) {
        retrieved.add(new PassageTrace(passage.id(), passage.source().documentId(), passage.source().title(),
                passage.source().origin(), passage.retrievalScore(), null, null, true, null, passage.text()));
    }

    /** Records graded web results. */
    public void searchResults(List<ScoredPassage> passages, java.util.function.Predicate<ScoredPassage> kept) {
        passages.forEach(p -> searchResults.add(toTrace(p, kept.test(p))));
    }

    public void action(Grade value) {
        this.action = value;
    }

    /**
     * Where the run's retrieval decision is announced as it is taken (once, by {@link #routed} or a skipped retrieval);
     * a listener's failure does not touch the run.
     */
    public void observe(java.util.function.Consumer<Decision> listener) {
        this.decisions = java.util.Objects.requireNonNull(listener, "listener");
    }

    /** Records the corrective action of the graded passages and announces the decision. */
    public void routed(Grade value, int graded, int kept, boolean webSearch) {
        this.action = value;
        announce(new Decision(true, value, graded, kept, webSearch, switch (value) {
            case CORRECT -> "a passage answers the question";
            case AMBIGUOUS -> webSearch ? "the passages may answer: kept, and the web searched as well"
                    : "the passages may answer: kept (no web search is configured)";
            case INCORRECT -> webSearch ? "no passage answers the question: the web is searched instead"
                    : "no passage answers the question, and no web search is configured";
        }));
    }

    private void announce(Decision decision) {
        try {
            decisions.accept(decision);
        } catch (RuntimeException e) {
            notice(Stage.ANALYSE, "a progress listener failed: " + e, false);
        } finally {
            decisions = d -> { };
        }
    }

    public void rewrittenQuery(String value) {
        this.rewrittenQuery = value;
    }

    public void strips(List<StripTrace> value) {
        strips.addAll(value);
    }

    public void contextTokens(int value) {
        this.contextTokens = value;
    }

    public void retrievalDecision(RetrievalDecision value) {
        this.retrievalDecision = value;
        if (!value.retrieve()) {
            announce(Decision.noRetrieval(value.reason()));
        }
    }

    public void reranking(Reranking value) {
        this.reranking = value;
    }

    public void round(CritiqueRound value) {
        rounds.add(value);
    }

    /** A recorder for a sub-run (a re-retrieval with a rewritten question), with this run's settings and plugins. */
    public TraceRecorder child(String rewrittenQuestion, Clock clock) {
        return new TraceRecorder(rewrittenQuestion, settings, plugins, clock);
    }

    /**
     * Copies a sub-run's degrading notices into this run, prefixed with {@code label}, and whether it was incomplete:
     * a degraded re-retrieval degrades the run.
     */
    public void absorb(String label, RunTrace child) {
        child.notices().stream().filter(Notice::degrading)
                .forEach(n -> notices.add(new Notice(n.stage(), label + ": " + n.message(), true)));
        incomplete |= child.incomplete();
    }

    /** Whether a degrading notice has been recorded so far. */
    public boolean degraded() {
        return notices.stream().anyMatch(Notice::degrading);
    }

    /**
     * Adds one generator call's reported tokens; {@code null} (the model reported none) leaves the run's count unknown.
     */
    public void generated(io.corrigo.api.TokenUsage usage) {
        generations = true;
        generatorUsage = usage == null || generatorUsage == null ? null : generatorUsage.plus(usage);
    }

    /** Records how a follow-up was made a standalone question. */
    public void condensed(Condensation value) {
        this.condensation = value;
    }

    /** The finished trace. */
    public RunTrace finish(boolean abstained) {
        return new RunTrace(question, startedAt, settings, plugins, List.copyOf(retrieved), action, rewrittenQuery,
                List.copyOf(searchResults), List.copyOf(strips), contextTokens, abstained, incomplete, List.copyOf(notices),
                List.copyOf(timings), (System.nanoTime() - startNanos) / 1e6, retrievalDecision, List.copyOf(rounds), reranking, condensation,
                generations ? generatorUsage : null);
    }

    private static PassageTrace toTrace(ScoredPassage p, boolean kept) {
        var passage = p.passage();
        return new PassageTrace(passage.id(), passage.source().documentId(), passage.source().title(),
                passage.source().origin(), passage.retrievalScore(), p.score(), p.grade(), kept, p.error(), passage.text());
    }
}

package io.corrigo.engine.critique;

import io.corrigo.engine.settings.SelfRagSettings;

import io.corrigo.api.Answer;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.Critic;
import io.corrigo.api.Critique;
import io.corrigo.api.CritiqueRequest;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Query;
import io.corrigo.api.Reflection;
import io.corrigo.api.RewritePurpose;
import io.corrigo.api.SentenceSupport;
import io.corrigo.api.Support;
import io.corrigo.engine.trace.Failures;
import io.corrigo.engine.rewrite.Rewriting;
import io.corrigo.engine.generate.GenerationStage;
import io.corrigo.engine.trace.CritiqueDecision;
import io.corrigo.engine.trace.CritiqueRound;
import io.corrigo.engine.trace.RunTrace;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Self-RAG's critique of generation, as a bounded loop. Each candidate answer is judged (ISSUP per sentence,
 * ISUSE for the whole) by the critic, or by the reflection tokens of a Self-RAG generator when there is no critic.
 * Then:
 * <ul>
 *   <li>mean support ≥ {@code minSupport} and usefulness ≥ {@code minUsefulness}: <b>serve</b> it, without any
 *       unsupported sentence;</li>
 *   <li>else, with rounds left: some sentences supported and some not → <b>regenerate</b> from the same context,
 *       telling the generator which sentences to leave out; nothing supported, or supported but not useful →
 *       <b>rewrite the question and retrieve again</b>;</li>
 *   <li>out of rounds: serve the <b>best</b> candidate (highest support, then usefulness) without its unsupported
 *       sentences, or <b>abstain</b> when no candidate has a supported sentence.</li>
 * </ul>
 * At most {@code 1 + maxRounds} candidates are generated, so the loop always ends. A critic that throws or answers
 * nonsense leaves the current candidate served unchecked, and the run flagged degraded.
 */
public final class CritiqueLoop {

    /** What the user reads when no candidate was supported by the sources. */
    public static final String NOT_SUPPORTED = "I could not write an answer that the available sources support, "
            + "so I would rather not guess.";

    /** The question and refined context a candidate is generated from. */
    public record Context(Query query, List<ContextStrip> strips) {
    }

    /** Runs retrieval, grading, correction and refinement again for a rewritten question. */
    @FunctionalInterface
    public interface ReRetrieval {
        Context retrieve(String question, TraceRecorder child);
    }

    private record Judged(Answer answer, Critique critique, String judgedBy) {
    }

    private final Critic critic;
    private final GenerationStage generation;
    private final Rewriting rewriting;
    private final Clock clock;

    /** @param critic the pipeline's critic, or {@code null} to judge by reflection tokens only */
    public CritiqueLoop(Critic critic, GenerationStage generation, Rewriting rewriting, Clock clock) {
        this.critic = critic;
        this.generation = generation;
        this.rewriting = rewriting;
        this.clock = clock;
    }

    /** Whether {@code first} can be judged at all: there is a critic, or it carries reflection tokens. */
    public boolean canJudge(Answer first) {
        return critic != null || judgementIn(first.reflection());
    }

    /** The answer to serve, starting from {@code first}, generated from {@code context}. */
    public Answer run(String question, Context context, Answer first, SelfRagSettings settings, TraceRecorder trace,
                      ReRetrieval again) {
        List<Judged> judged = new ArrayList<>();
        java.util.Set<String> asked = new java.util.HashSet<>(List.of(normalise(question),
                normalise(context.query().text())));
        Answer candidate = first;
        RunTrace retrieval = null;
        for (int round = 1; ; round++) {
            boolean last = round > settings.maxRounds();
            if (candidate.abstained()) {
                if (round == 1 || last) {
                    boolean fallBack = !judged.isEmpty();
                    trace.round(round(round, context, candidate, null, fallBack ? CritiqueDecision.SERVE_BEST
                            : CritiqueDecision.ABSTAIN, "the generator abstained" + (fallBack
                            ? "; no rounds left" : ""), retrieval));
                    return fallBack ? best(judged, round, context, trace) : candidate;
                }
                Rewriting.Rewritten rewritten = rewrite(question, "the previous context did not answer the question",
                        trace);
                String unchanged = unchanged(asked, rewritten.query());
                if (unchanged != null) {
                    boolean fallBack = !judged.isEmpty();
                    trace.round(round(round, context, candidate, null, fallBack ? CritiqueDecision.SERVE_BEST
                            : CritiqueDecision.ABSTAIN, "the generator abstained; " + unchanged, retrieval));
                    return fallBack ? best(judged, round, context, trace) : candidate;
                }
                trace.round(round(round, context, candidate, null, CritiqueDecision.RETRIEVE_AGAIN,
                        "the generator abstained on this context", retrieval));
                Again next = retrieveAgain(rewritten.query(), trace, again, round);
                retrieval = next.trace();
                context = next.context();
                candidate = generate(new GenerationRequest(context.query(), context.strips()), trace);
                continue;
            }
            Judged current;
            try {
                current = judge(context, candidate);
            } catch (RuntimeException e) {
                String why = "critic failed: " + Failures.describe(e) + "; the answer was served unchecked";
                trace.notice(Stage.CRITIQUE, why, true);
                trace.round(round(round, context, candidate, null,
                        CritiqueDecision.UNCHECKED, why, retrieval));
                return candidate;
            }
            judged.add(current);
            Critique critique = current.critique();
            // a candidate with no supported sentence never passes, whatever the minimums: nothing would be left to serve
            boolean passes = critique.hasSupported() && critique.support() >= settings.minSupport()
                    && critique.usefulness() >= settings.minUsefulness();
            if (passes) {
                Answer pruned = AnswerPruning.prune(candidate, critique).orElseThrow();
                long dropped = critique.sentences().stream().filter(s -> s.support() == Support.NONE).count();
                trace.round(round(round, context, candidate, current,
                        CritiqueDecision.SERVE, "support " + format(critique.support()) + " ≥ "
                                + format(settings.minSupport()) + " and usefulness " + critique.usefulness() + " ≥ "
                                + settings.minUsefulness() + (dropped > 0 ? "; " + dropped
                                + " unsupported sentence(s) removed" : ""), retrieval));
                return pruned;
            }
            String shortfall = "support " + format(critique.support()) + " (needs " + format(settings.minSupport())
                    + "), usefulness " + critique.usefulness() + " (needs " + settings.minUsefulness() + ")";
            if (last) {
                trace.round(round(round, context, candidate, current,
                        CritiqueDecision.SERVE_BEST, shortfall + "; no rounds left", retrieval));
                return best(judged, round, context, trace);
            }
            if (critique.hasSupported() && critique.hasUnsupported()) {
                trace.round(round(round, context, candidate, current,
                        CritiqueDecision.REGENERATE, shortfall + ": regenerating without the unsupported sentences",
                        retrieval));
                candidate = generate(new GenerationRequest(context.query(), context.strips())
                        .withFeedback(AnswerPruning.feedback(critique)), trace);
                retrieval = null;
            } else {
                Rewriting.Rewritten rewritten = rewrite(question, critique.reason() != null ? critique.reason()
                        : shortfall, trace);
                String unchanged = unchanged(asked, rewritten.query());
                if (unchanged != null) {
                    trace.round(round(round, context, candidate, current,
                            CritiqueDecision.SERVE_BEST, shortfall + "; " + unchanged, retrieval));
                    return best(judged, round, context, trace);
                }
                trace.round(round(round, context, candidate, current,
                        CritiqueDecision.RETRIEVE_AGAIN, shortfall + ": rewriting the question and retrieving again",
                        retrieval));
                Again next = retrieveAgain(rewritten.query(), trace, again, round);
                retrieval = next.trace();
                context = next.context();
                candidate = generate(new GenerationRequest(context.query(), context.strips()), trace);
            }
        }
    }

    private record Again(Context context, RunTrace trace) {
    }

    private Rewriting.Rewritten rewrite(String question, String feedback, TraceRecorder trace) {
        Rewriting.Rewritten rewritten = rewriting.rewrite(question, RewritePurpose.RETRIEVAL, feedback);
        if (rewritten.problem() != null) {
            trace.notice(Stage.CRITIQUE, rewritten.problem(), false);
        }
        return rewritten;
    }

    /**
     * Why retrieving again would change nothing — the rewritten question is one this run has already retrieved for
     * (case and spacing aside) — or {@code null} when it is new (it is then remembered).
     */
    private static String unchanged(java.util.Set<String> asked, String rewritten) {
        return asked.add(normalise(rewritten)) ? null
                : "retrieving again would ask the same question ('" + rewritten + "'): stopped";
    }

    private static String normalise(String question) {
        return question.toLowerCase(java.util.Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }

    private Again retrieveAgain(String rewritten, TraceRecorder trace, ReRetrieval again, int round) {
        TraceRecorder child = trace.child(rewritten, clock);
        Context next = again.retrieve(rewritten, child);
        RunTrace finished = child.finish(next.strips().isEmpty());
        trace.absorb("re-retrieval after round " + round, finished);
        return new Again(next, finished);
    }

    private Answer generate(GenerationRequest request, TraceRecorder trace) {
        return generation.generate(request, trace, null);
    }

    private Answer best(List<Judged> judged, int rounds, Context context, TraceRecorder trace) {
        // a candidate rated 1 ("supported, but it does not answer the question": ISREL) is no answer to serve
        Optional<Judged> best = judged.stream()
                .filter(j -> j.critique().hasSupported() && j.critique().usefulness() > 1)
                .max(Comparator.comparingDouble((Judged j) -> j.critique().support())
                        .thenComparingInt(j -> j.critique().usefulness()));
        Optional<Answer> served = best.flatMap(j -> AnswerPruning.prune(j.answer(), j.critique()));
        if (served.isEmpty()) {
            trace.round(new CritiqueRound(rounds + 1, context.query().text(), NOT_SUPPORTED, List.of(), null, null, null,
                    null, null, CritiqueDecision.ABSTAIN, "no candidate of " + judged.size()
                    + " had a sentence the sources support that answers the question", null));
            return Answer.abstain(NOT_SUPPORTED);
        }
        int index = judged.indexOf(best.get()) + 1;
        trace.notice(Stage.CRITIQUE, "served the best of " + judged.size() + " candidate answers (candidate " + index
                + ", support " + format(best.get().critique().support()) + ") without its unsupported sentences", false);
        return served.get();
    }

    private Judged judge(Context context, Answer candidate) {
        if (critic == null) {
            return new Judged(candidate, fromReflection(candidate), "reflection tokens");
        }
        Critique critique = critic.critique(new CritiqueRequest(context.query(), context.strips(), candidate));
        if (critique == null) {
            throw new IllegalStateException("the critic returned null");
        }
        if (critique.sentences().isEmpty()) {
            throw new IllegalStateException("the critic judged no sentence of a non-empty answer");
        }
        for (SentenceSupport s : critique.sentences()) {
            if (Double.isNaN(s.score()) || s.score() < 0 || s.score() > 1) {
                throw new IllegalStateException("the critic returned a support score outside [0, 1]: " + s.score());
            }
        }
        return new Judged(candidate, critique, "critic");
    }

    /**
     * A critique from a Self-RAG generator's own tokens: the whole answer counts as one sentence with the model's
     * support token (unjudged support counts as full), usefulness from {@code [Utility:N]} (unjudged: the minimum
     * that passes, 3).
     */
    static Critique fromReflection(Answer answer) {
        Reflection r = answer.reflection();
        Support support = r == null || r.support() == null ? Support.FULLY : r.support();
        int utility = r == null || r.utility() == null ? 3 : r.utility();
        return new Critique(List.of(new SentenceSupport(answer.text(), support, support.weight(), null)), utility,
                "the generator's reflection tokens");
    }

    private static boolean judgementIn(Reflection reflection) {
        return reflection != null && (reflection.support() != null || reflection.utility() != null);
    }

    private static CritiqueRound round(int round, Context context, Answer candidate, Judged judged,
                                       CritiqueDecision decision, String why, RunTrace retrieval) {
        Critique c = judged == null ? null : judged.critique();
        return new CritiqueRound(round, context.query().text(), candidate.text(),
                c == null ? List.of() : c.sentences(), c == null ? null : c.support(),
                c == null ? null : c.usefulness(), judged == null ? null : judged.judgedBy(),
                c == null ? null : c.reason(), candidate.reflection(), decision, why,
                retrieval);
    }

    private static String format(double value) {
        return String.format(java.util.Locale.ROOT, "%.2f", value);
    }
}

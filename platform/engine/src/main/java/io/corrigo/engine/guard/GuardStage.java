package io.corrigo.engine.guard;

import io.corrigo.api.Guardrail;
import io.corrigo.api.Redaction;
import io.corrigo.engine.condense.Turn;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Redacts a run's inputs with the pipeline's guardrail before any other stage sees them, and an answer before the run
 * log keeps it. Without a guardrail everything passes unchanged. A guardrail that throws fails the run closed: the
 * question is replaced by {@link #WITHHELD}, sent nowhere, and the run abstains ({@link Guarded#failure()}).
 */
public final class GuardStage {

    /** What stands in for a question that could not be checked: it is neither answered nor kept. */
    public static final String WITHHELD = "[withheld: the guardrail could not check this question]";

    private final Guardrail guardrail;

    /** @param guardrail the pipeline's guardrail, or {@code null} for none */
    public GuardStage(Guardrail guardrail) {
        this.guardrail = guardrail;
    }

    /**
     * A run's inputs after the guardrail.
     *
     * @param question the question, redacted
     * @param history  the earlier turns, redacted
     * @param found    what was redacted where ({@code question}, {@code conversation}), by kind, in order
     * @param failure  why the guardrail failed, or {@code null}
     * @param millis   how long it took
     */
    public record Guarded(String question, List<Turn> history, List<Where> found, String failure, double millis) {
    }

    /**
     * Findings of one place.
     *
     * @param where  {@code question}, {@code conversation} or {@code answer}
     * @param found  the kinds and counts redacted there
     */
    public record Where(String where, List<Redaction.Found> found) {

        /** "2 EMAIL, 1 PHONE". */
        public String counts() {
            return found.stream().map(f -> f.count() + " " + f.kind()).collect(Collectors.joining(", "));
        }
    }

    /** Whether the pipeline has a guardrail. */
    public boolean active() {
        return guardrail != null;
    }

    /** The question and the conversation, redacted. Never throws. */
    public Guarded inputs(String question, List<Turn> history) {
        if (guardrail == null) {
            return new Guarded(question, history, List.of(), null, 0);
        }
        long start = System.nanoTime();
        try {
            List<Where> found = new ArrayList<>();
            Redaction asked = checked(guardrail.redact(question));
            add(found, "question", asked.found());
            List<Turn> turns = new ArrayList<>();
            Map<String, Integer> earlier = new LinkedHashMap<>();
            for (Turn turn : history) {
                Redaction q = checked(guardrail.redact(turn.question()));
                Redaction a = checked(guardrail.redact(turn.answer()));
                q.found().forEach(f -> earlier.merge(f.kind(), f.count(), Integer::sum));
                a.found().forEach(f -> earlier.merge(f.kind(), f.count(), Integer::sum));
                turns.add(new Turn(q.text(), a.text(), turn.cited()));
            }
            add(found, "conversation", earlier.entrySet().stream().map(e -> new Redaction.Found(e.getKey(), e.getValue())).toList());
            return new Guarded(asked.text(), List.copyOf(turns), List.copyOf(found), null, millis(start));
        } catch (RuntimeException e) {
            return new Guarded(WITHHELD, List.of(), List.of(), describe(e), millis(start));
        }
    }

    /**
     * Records {@code guarded} in the run's trace: a notice per place with the kinds and counts (never the values), or
     * the failure (degrading).
     */
    public void record(Guarded guarded, TraceRecorder trace) {
        if (guardrail == null) {
            return;
        }
        trace.timing(Stage.GUARD, guarded.millis());
        if (guarded.failure() != null) {
            trace.notice(Stage.GUARD, "the guardrail failed (" + guarded.failure() + "): the question was sent nowhere "
                    + "and not kept", true);
            return;
        }
        for (Where where : guarded.found()) {
            trace.notice(Stage.GUARD, "redacted in the " + where.where() + " before retrieval, web search, models and "
                    + "the run log: " + where.counts(), false);
        }
    }

    /**
     * {@code answer} as the run log may keep it: redacted, with what was found; unchanged without a guardrail. A
     * guardrail that fails here keeps nothing of the answer but {@link #WITHHELD}'s like.
     */
    public Redaction forLog(String answer) {
        if (guardrail == null || answer == null || answer.isEmpty()) {
            return Redaction.none(answer == null ? "" : answer);
        }
        try {
            return checked(guardrail.redact(answer));
        } catch (RuntimeException e) {
            return new Redaction("[withheld: the guardrail could not check this answer]", List.of());
        }
    }

    /**
     * Other text a visitor wrote (a feedback comment) as it may be stored and exported: redacted like a question;
     * unchanged without a guardrail. A guardrail that fails here keeps nothing of it.
     */
    public String visitorText(String text) {
        if (guardrail == null || text == null || text.isEmpty()) {
            return text;
        }
        try {
            return checked(guardrail.redact(text)).text();
        } catch (RuntimeException e) {
            return "[withheld: the guardrail could not check this text]";
        }
    }

    /**
     * What the run log keeps of a run.
     *
     * @param answer the answer as {@link #forLog(String)} leaves its text
     * @param trace  the trace, with a notice of what was redacted in the answer (kinds and counts) when anything was
     */
    public record Logged(io.corrigo.api.Answer answer, io.corrigo.engine.trace.RunTrace trace) {
    }

    /** {@code answer} and {@code trace} as the run log may keep them; unchanged without a guardrail or a finding. */
    public Logged forLog(io.corrigo.api.Answer answer, io.corrigo.engine.trace.RunTrace trace) {
        Redaction logged = forLog(answer.text());
        if (!logged.redacted() && logged.text().equals(answer.text())) {
            return new Logged(answer, trace);
        }
        io.corrigo.api.Answer kept = new io.corrigo.api.Answer(logged.text(), answer.citations(), answer.abstained(),
                answer.reflection(), answer.usage());
        return new Logged(kept, !logged.redacted() ? trace : trace.withNotice(new io.corrigo.engine.trace.Notice(Stage.GUARD,
                "redacted in the answer before the run log: " + new Where("answer", logged.found()).counts(), false)));
    }

    private static Redaction checked(Redaction redaction) {
        if (redaction == null || redaction.text() == null) {
            throw new IllegalStateException("the guardrail returned nothing");
        }
        return redaction;
    }

    private static void add(List<Where> found, String where, List<Redaction.Found> kinds) {
        if (!kinds.isEmpty()) {
            found.add(new Where(where, List.copyOf(kinds)));
        }
    }

    /** The failure's kind only: a guardrail's message may quote what it was checking. */
    private static String describe(RuntimeException e) {
        return e.getClass().getSimpleName();
    }

    private static double millis(long start) {
        return (System.nanoTime() - start) / 1e6;
    }
}

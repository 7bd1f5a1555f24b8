package io.corrigo.engine.condense;

import io.corrigo.api.QueryRewriter;
import io.corrigo.api.RewritePurpose;
import io.corrigo.engine.trace.Condensation;
import io.corrigo.engine.trace.Failures;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.List;

/**
 * Step 0 of a follow-up: the standalone question the rest of the run works on, read from the user's own earlier
 * questions and the answers given (never from earlier rewrites). With a query-rewriter plugin the
 * rewriter condenses ({@link RewritePurpose#CONDENSE}, the conversation as its feedback); without one, or when it
 * fails or answers nothing, the offline {@link RuleCondenser} does, and the trace says so. A first question passes
 * unchanged and unrecorded. Self-RAG's retrieve-or-not decides afterwards, on the standalone question.
 */
public final class CondenseStage {

    /** The longest condensed question kept from a rewriter; a model that rambles is not a question. */
    static final int MAX_CHARS = 500;

    private final QueryRewriter rewriter;
    private final RuleCondenser rules = new RuleCondenser();

    /** @param rewriter the pipeline's query rewriter, or {@code null} for the rules alone */
    public CondenseStage(QueryRewriter rewriter) {
        this.rewriter = rewriter;
    }

    /**
     * The question to answer for {@code asked} after {@code history} (empty: a first question, returned as it is). An
     * unclear follow-up ("And the other one?") comes back {@link RuleCondenser.Condensed#unclear() unclear}, with the
     * question to ask back instead of an answer.
     *
     * @param history the earlier turns, each question as the user asked it
     */
    public RuleCondenser.Condensed condense(String asked, List<Turn> history, TraceRecorder trace) {
        if (history.isEmpty()) {
            return new RuleCondenser.Condensed(asked, "unchanged", List.of(), null);
        }
        List<String> previous = history.stream().map(Turn::question).toList();
        if (rewriter != null) {
            try {
                String condensed = rewriter.rewrite(asked, RewritePurpose.CONDENSE, transcript(history));
                if (condensed != null && !condensed.isBlank() && condensed.strip().length() <= MAX_CHARS) {
                    String standalone = condensed.strip();
                    List<Integer> all = java.util.stream.IntStream.rangeClosed(1, history.size()).boxed().toList();
                    trace.condensed(new Condensation(asked, standalone, "rewriter", null, previous, all, null));
                    return new RuleCondenser.Condensed(standalone, null, all, null);
                }
                trace.notice(Stage.CONDENSE, "query rewriter gave no usable standalone question; the rules condensed it", false);
            } catch (RuntimeException | LinkageError e) { // a plugin built before CONDENSE may not know the purpose
                trace.notice(Stage.CONDENSE, "query rewriter failed to condense: " + Failures.describe(e)
                        + "; the rules condensed it", false);
            }
        }
        RuleCondenser.Condensed byRules = rules.condense(asked, history);
        trace.condensed(new Condensation(asked, byRules.question(), "rules", byRules.rule(), previous, byRules.used(),
                byRules.clarification(), byRules.choices()));
        return byRules;
    }

    /** The conversation as the rewriter reads it: one {@code User:} / {@code Assistant:} line per message. */
    static String transcript(List<Turn> history) {
        StringBuilder text = new StringBuilder();
        for (Turn turn : history) {
            text.append("User: ").append(turn.question().strip()).append('\n');
            if (!turn.answer().isBlank()) {
                text.append("Assistant: ").append(turn.answer().strip().replace('\n', ' ')).append('\n');
            }
        }
        return text.toString().strip();
    }
}

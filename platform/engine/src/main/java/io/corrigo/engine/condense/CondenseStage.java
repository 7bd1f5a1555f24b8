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
 * questions and the answers given (never from earlier rewrites). The offline {@link RuleCondenser} reads it first.
 * With a query-rewriter plugin the rewriter condenses ({@link RewritePurpose#CONDENSE}, the conversation and what it
 * named, with kinds, as its feedback) and is held to the rules' checks: a follow-up whose referent cannot be told is
 * asked back without it, and its reading is not used when it changes a question that stands alone, puts a referent of
 * the wrong kind in a pronoun's place or names what nobody named; then, as when it fails or answers nothing, the rules'
 * reading is, and the trace says so. A first question passes
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
        RuleCondenser.Condensed byRules = rules.condense(asked, history);
        if (rewriter != null && byRules.unclear()) {
            // failing safe: a referent nobody can tell is asked back, not guessed by a model
            trace.notice(Stage.CONDENSE, "the referent could not be told: asked back without the query rewriter", false);
        } else if (rewriter != null) {
            String standalone = byRewriter(asked, history, byRules, trace);
            if (standalone != null) {
                List<Integer> all = java.util.stream.IntStream.rangeClosed(1, history.size()).boxed().toList();
                trace.condensed(new Condensation(asked, standalone, "rewriter", null, previous, all, null));
                return new RuleCondenser.Condensed(standalone, null, all, null);
            }
        }
        trace.condensed(new Condensation(asked, byRules.question(), "rules", byRules.rule(), previous, byRules.used(),
                byRules.clarification(), byRules.choices()));
        return byRules;
    }

    /**
     * The rewriter's standalone question, held to the rules' checks, or {@code null} (the rules' reading is used, and
     * the trace says why): it is given the transcript and what the conversation named, with kinds; its reading is
     * not used when the follow-up stands alone, when it puts a mention of the wrong kind where a pronoun stood, or when
     * it names something the conversation never did.
     */
    private String byRewriter(String asked, List<Turn> history, RuleCondenser.Condensed byRules, TraceRecorder trace) {
        List<Mentions.Mention> mentions = rules.mentions(history);
        String condensed;
        try {
            condensed = rewriter.rewrite(asked, RewritePurpose.CONDENSE, transcript(history) + named(mentions));
        } catch (RuntimeException | LinkageError e) { // a plugin built before CONDENSE may not know the purpose
            trace.notice(Stage.CONDENSE, "query rewriter failed to condense: " + Failures.describe(e)
                    + "; the rules condensed it", false);
            return null;
        }
        if (condensed == null || condensed.isBlank() || condensed.strip().length() > MAX_CHARS) {
            trace.notice(Stage.CONDENSE, "query rewriter gave no usable standalone question; the rules condensed it", false);
            return null;
        }
        String standalone = condensed.strip();
        String problem = problem(asked, standalone, byRules, history, mentions);
        if (problem != null) {
            trace.notice(Stage.CONDENSE, "the query rewriter read it as \"" + standalone + "\", which " + problem
                    + "; the rules' reading was used", false);
            return null;
        }
        return standalone;
    }

    /** Why a rewriter's reading may not be used, or {@code null}: the checks the rules' own readings meet. */
    static String problem(String asked, String standalone, RuleCondenser.Condensed byRules, List<Turn> history,
                          List<Mentions.Mention> mentions) {
        if (RuleCondenser.standsAlone(byRules, asked) && !sameWords(asked, standalone)) {
            return "changes a question that stands on its own";
        }
        if (Mentions.wrongKind(asked, standalone, byRules.question())) {
            return "puts a referent of the wrong kind where a pronoun stood";
        }
        String preferred = passedOver(asked, standalone, mentions);
        if (preferred != null) {
            return "puts a name of unknown kind where a pronoun stood, while the conversation names " + preferred;
        }
        java.util.Set<String> said = new java.util.HashSet<>(words(asked));
        history.forEach(t -> {
            said.addAll(words(t.question()));
            said.addAll(words(t.answer()));
        });
        List<String> invented = RuleCondenser.tokens(standalone).stream().skip(1).filter(Mentions::isName)
                .map(CondenseStage::bareWord).filter(w -> !w.isEmpty() && !said.contains(w.toLowerCase(java.util.Locale.ROOT)))
                .toList();
        return invented.isEmpty() ? null : "names " + String.join(" ", invented) + ", which the conversation does not";
    }

    /**
     * The mention of a known, agreeing kind that a rewrite passed over for a name of unknown kind ("he" read as
     * "Marlow Falls" while the conversation names "Captain Morrow", a person), or {@code null} — the preference the
     * rules' own resolution follows.
     */
    private static String passedOver(String asked, String standalone, List<Mentions.Mention> mentions) {
        List<String> askedWords = words(asked);
        String pronoun = askedWords.stream().filter(w -> Mentions.PERSONAL.contains(w) || Mentions.PLURAL.contains(w))
                .findFirst().orElse(null);
        if (pronoun == null) {
            return null;
        }
        java.util.Set<String> had = new java.util.HashSet<>(askedWords);
        List<String> added = RuleCondenser.tokens(standalone).stream().map(CondenseStage::bareWord)
                .filter(w -> !w.isEmpty() && !had.contains(w.toLowerCase(java.util.Locale.ROOT))).toList();
        if (added.isEmpty() || Mentions.kindOf(String.join(" ", added)).told()) {
            return null;
        }
        String put = String.join(" ", words(String.join(" ", added)));
        return mentions.stream()
                .filter(m -> m.kind().told() && Mentions.agreeing(pronoun, m) && !put.contains(String.join(" ", words(m.text()))))
                .map(m -> m.text() + " (" + m.kind().name().toLowerCase(java.util.Locale.ROOT) + ")")
                .reduce((first, later) -> later).orElse(null);
    }

    /** What the conversation named, as the rewriter reads it after the transcript; empty when nothing was. */
    static String named(List<Mentions.Mention> mentions) {
        if (mentions.isEmpty()) {
            return "";
        }
        StringBuilder line = new StringBuilder("\nNamed so far, with kinds: ");
        for (int i = 0; i < mentions.size(); i++) {
            Mentions.Mention m = mentions.get(i);
            line.append(i == 0 ? "" : "; ").append(m.text()).append(" (")
                    .append(m.kind() == Mentions.Kind.UNKNOWN ? "name" : m.kind().name().toLowerCase(java.util.Locale.ROOT))
                    .append(m.plural() ? ", several" : "").append(')');
        }
        return line.toString();
    }

    private static boolean sameWords(String a, String b) {
        return words(a).equals(words(b));
    }

    private static List<String> words(String text) {
        return RuleCondenser.tokens(text == null ? "" : text).stream().map(CondenseStage::bareWord)
                .map(w -> w.toLowerCase(java.util.Locale.ROOT)).filter(w -> !w.isEmpty()).toList();
    }

    private static String bareWord(String word) {
        return word.replaceAll("^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{N}]+$", "").replaceAll("'s$", "");
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

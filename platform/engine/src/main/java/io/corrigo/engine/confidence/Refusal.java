package io.corrigo.engine.confidence;

import io.corrigo.api.answer.QuestionAnalysis;
import io.corrigo.engine.analyse.QuestionAnalyzers;
import io.corrigo.engine.trace.CritiqueDecision;
import io.corrigo.engine.trace.Notice;
import io.corrigo.engine.trace.PassageTrace;
import io.corrigo.engine.trace.RunTrace;
import io.corrigo.engine.trace.Stage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why an answer was withheld, as every channel states it: the reason, what was searched (truthfully: the web only when
 * it was), and — where the closest source names some of what the question is about — that part, so a user knows the
 * subject is there and the asked detail is not. Read from the run's trace; nothing here is a claim the trace does not
 * support.
 *
 * @param reason   {@link #NOT_IN_SOURCES}, {@link #NOT_SUPPORTED}, {@link #SEARCH_UNAVAILABLE},
 *                 {@link #GENERATOR_FAILED} or {@link #UNCHECKED}
 * @param passages how many knowledge-base passages were graded for it
 * @param web      whether the web was searched
 * @param covered  what the sources do cover, or {@code null} when the closest source names nothing the question asks about
 */
public record Refusal(String reason, int passages, boolean web, Covered covered) {

    /** Nothing the sources say answers the question. */
    public static final String NOT_IN_SOURCES = "not_in_sources";
    /** An answer was written, and its critique found it not supported or not answering: withheld. */
    public static final String NOT_SUPPORTED = "not_supported";
    /** The knowledge base did not settle it and the web search it needed failed. */
    public static final String SEARCH_UNAVAILABLE = "search_unavailable";
    /** The generator failed. */
    public static final String GENERATOR_FAILED = "generator_failed";
    /** The guardrail could not check the question, so it was sent nowhere. */
    public static final String UNCHECKED = "unchecked";

    /**
     * The part of a question the closest source covers.
     *
     * @param terms  the question's names, figures and asked nouns that the source mentions, as the source writes them
     * @param source the title of that source
     */
    public record Covered(List<String> terms, String source) {

        public Covered {
            terms = List.copyOf(terms);
        }
    }

    /** The refusal in an English sentence or three (for a text channel such as MCP's). */
    public String describe() {
        String why = switch (reason) {
            case NOT_SUPPORTED -> "an answer was written, but its critique did not find it supported well enough";
            case SEARCH_UNAVAILABLE -> "the knowledge base does not settle it and the web search was unavailable";
            case GENERATOR_FAILED -> "the answer could not be written";
            case UNCHECKED -> "the question could not be checked for personal data";
            default -> "nothing in the sources answers it";
        };
        StringBuilder text = new StringBuilder("Not answered: ").append(why).append('.');
        if (!reason.equals(UNCHECKED)) {
            text.append(" Searched ").append(passages == 1 ? "1 passage" : passages + " passages")
                    .append(" of the knowledge base").append(web ? " and the web" : "").append('.');
        }
        if (covered != null) {
            text.append(" The sources mention ").append(String.join(", ", covered.terms())).append(" (in \u201c")
                    .append(covered.source()).append("\u201d), but not what is asked.");
        }
        return text.toString();
    }

    /**
     * Why {@code trace}'s run abstained (for a run that did), or {@code null} without a trace, or when the run asked
     * back which reading of a follow-up was meant: a question back is no refusal, and nothing was searched for it.
     */
    public static Refusal of(RunTrace trace) {
        if (trace == null || trace.condensation() != null && trace.condensation().clarification() != null) {
            return null;
        }
        boolean web = trace.rewrittenQuery() != null || !trace.searchResults().isEmpty();
        String reason = reason(trace);
        Covered covered = reason.equals(UNCHECKED) ? null : covered(trace);
        return new Refusal(reason, trace.retrieved().size(), web, covered);
    }

    private static String reason(RunTrace trace) {
        for (Notice n : trace.notices()) {
            if (n.degrading() && n.stage() == Stage.GUARD) {
                return UNCHECKED;
            }
        }
        for (Notice n : trace.notices()) {
            if (n.degrading() && n.stage() == Stage.GENERATE) {
                return GENERATOR_FAILED;
            }
            if (n.degrading() && n.stage() == Stage.CORRECT) {
                return SEARCH_UNAVAILABLE;
            }
        }
        if (!trace.rounds().isEmpty() && trace.rounds().get(trace.rounds().size() - 1).decision() == CritiqueDecision.ABSTAIN
                || trace.notices().stream().anyMatch(n -> n.message().startsWith(ConfidencePolicy.WITHHELD))) {
            return NOT_SUPPORTED;
        }
        return NOT_IN_SOURCES;
    }

    /** The question's terms the best-graded source names, as it writes them; {@code null} when it names none. */
    static Covered covered(RunTrace trace) {
        List<PassageTrace> passages = new ArrayList<>(trace.retrieved());
        passages.addAll(trace.searchResults());
        PassageTrace best = passages.stream().filter(p -> p.text() != null && p.score() != null)
                .max(Comparator.comparingDouble(PassageTrace::score)).orElse(null);
        if (best == null) {
            return null;
        }
        // read in the question's own language, as the analyse stage reads it
        QuestionAnalysis analysis = QuestionAnalyzers.analyse(trace.condensation() == null ? trace.question()
                : trace.condensation().standalone());
        Set<String> asked = new LinkedHashSet<>(analysis.anchors());
        asked.addAll(analysis.figures());
        if (analysis.head() != null) {
            asked.add(analysis.head());
        }
        asked.addAll(analysis.focusTerms());
        List<String> found = new ArrayList<>();
        for (String term : asked) {
            if (term == null || term.isBlank()) {
                continue;
            }
            Matcher m = Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(term) + "(?![\\p{L}\\p{N}])",
                    Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE).matcher(best.text());
            if (m.find() && found.stream().noneMatch(f -> f.toLowerCase(Locale.ROOT).equals(m.group().toLowerCase(Locale.ROOT)))) {
                found.add(m.group());
            }
        }
        return found.isEmpty() ? null : new Covered(found, best.title() == null || best.title().isBlank() ? best.id() : best.title());
    }
}

package io.corrigo.engine.condense;

import io.corrigo.engine.critique.ConversationalTurns;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites a follow-up into a standalone question by rules, offline: the previous question's focus is carried into
 * an elliptical follow-up ("And for part-time staff?" after "What is the PTO policy?" becomes "What is the PTO policy
 * for part-time staff?"; "And Japan?" after "What is the capital of France?" becomes "What is the capital of Japan?"),
 * a pronoun is resolved to the previous question's topic ("How is it transmitted?" after "What is the Hepatitis C
 * virus?"), and a short question that names no topic of its own gets the previous one ("Is there a waiting period?"
 * after "What does the dental plan cover?"). A question that stands on its own is left as it is: a wrong rewrite
 * retrieves for a question nobody asked, so every rule needs a clear cue. Stateless and thread-safe.
 */
public final class RuleCondenser {

    /**
     * A condensed question.
     *
     * @param question the standalone question
     * @param rule     which rule made it ({@code unchanged} when none applied)
     */
    public record Condensed(String question, String rule) {
    }

    private static final Set<String> PREPOSITIONS = Set.of("for", "in", "at", "on", "during", "under", "with", "without",
            "after", "before", "to", "from", "by", "of", "between", "about", "inside", "outside", "within", "near", "into");
    private static final Set<String> DETERMINERS = Set.of("the", "a", "an", "my", "your", "our", "their", "his", "her",
            "its", "this", "that", "these", "those", "some", "any");
    private static final Set<String> AUXILIARIES = Set.of("do", "does", "did", "can", "could", "should", "will", "would",
            "must", "may", "might", "shall", "is", "are", "was", "were", "has", "have", "had");
    private static final Set<String> QUESTION_WORDS = Set.of("what", "which", "who", "whom", "whose", "when", "where",
            "why", "how");
    private static final Set<String> SUBJECT_PRONOUNS = Set.of("it", "they", "them", "he", "she", "him");
    private static final Set<String> POSSESSIVES = Set.of("its", "their", "his");
    /** "Is it true that ...": an {@code it} that stands for nothing. */
    private static final Set<String> EXPLETIVE_AFTER_IT = Set.of("true", "possible", "safe", "ok", "okay", "necessary",
            "required", "normal", "common", "likely", "better", "worth", "hard", "easy", "raining", "time", "legal");

    private static final Pattern WHAT_ABOUT = Pattern.compile("(?i)^(?:(?:and|but|or|so)\\s+)?(?:what|how)\\s+about\\s+(.+)$");
    private static final Pattern AND_THEN = Pattern.compile("(?i)^(?:and|but|or|also)\\s+(.+)$");
    private static final Pattern SAME_FOR = Pattern.compile("(?i)^(?:same|also)\\s+((?:for|in|on|at)\\s+.+)$");
    private static final Pattern DEFINITION = Pattern.compile(
            "(?i)^(?:what|who)\\s+(?:is|are|was|were)\\s+(.+)$|^(?:tell me about|what do you know about|explain|describe)\\s+(.+)$");
    private static final Pattern AUX_SUBJECT = Pattern.compile(
            "(?i)^(?:how many|how much|how long|what|which|when|where|why|how)\\b.*?\\b(?:do|does|did|can|should|will|must)\\s+(.+)\\s+(\\S+)$");
    private static final Pattern IMPLICIT = Pattern.compile(
            "(?i)^(?:is there|are there|do i need|do we need|does one need|how many|how much|how long|how often|can i|can we|should i|should we)\\b.*");

    /**
     * The standalone form of {@code followUp}.
     *
     * @param previous the conversation's earlier questions in their standalone form, oldest first; empty for a first turn
     */
    public Condensed condense(String followUp, List<String> previous) {
        String asked = followUp == null ? "" : followUp.strip();
        if (previous.isEmpty() || asked.isEmpty() || ConversationalTurns.isConversational(asked)) {
            return new Condensed(asked, "unchanged");
        }
        String prev = bare(previous.get(previous.size() - 1));
        String f = bare(asked);
        String remainder = ellipsis(f);
        if (remainder != null && !startsWithQuestion(remainder)) {
            return new Condensed(question(completeEllipsis(prev, remainder)), "ellipsis");
        }
        if (remainder != null) {
            f = remainder; // "And how is it treated?": the opener carries nothing more
        }
        List<String> words = tokens(f);
        if (hasPronoun(words)) {
            return new Condensed(question(resolvePronouns(words, focus(prev))), "pronoun");
        }
        if (IMPLICIT.matcher(f).matches() && !namesSomething(words) && shares(words, tokens(prev)) == 0) {
            return new Condensed(question(f + " for " + decapitalise(focus(prev))), "implicit topic");
        }
        return new Condensed(asked, "unchanged");
    }

    // --- ellipsis -------------------------------------------------------------------------------------------------

    /** The part after an elliptical opener ("And ...", "What about ..."), or {@code null}. */
    private static String ellipsis(String f) {
        for (Pattern opener : List.of(WHAT_ABOUT, SAME_FOR, AND_THEN)) {
            Matcher m = opener.matcher(f);
            if (m.matches()) {
                return m.group(1).strip();
            }
        }
        return null;
    }

    private static boolean startsWithQuestion(String text) {
        List<String> words = tokens(text);
        if (words.isEmpty()) {
            return false;
        }
        String first = lower(words.get(0));
        return QUESTION_WORDS.contains(first) || AUXILIARIES.contains(first);
    }

    /** The previous question with the elliptical part put in place of what it replaces, or added. */
    private static String completeEllipsis(String prev, String remainder) {
        List<String> p = tokens(prev);
        List<String> r = tokens(remainder);
        String first = lower(r.get(0));
        if (PREPOSITIONS.contains(first)) {
            int at = lastIndexOf(p, first, 1);
            if (at < 0) {
                return prev + " " + remainder;
            }
            int end = objectEnd(p, at + 1);
            return join(p.subList(0, at)) + " " + remainder + tail(p, end);
        }
        List<String> core = withoutDeterminer(r);
        // a name or a number replaces the previous one: "And Japan?", "And the Statue of Liberty?"
        if (!core.isEmpty() && (isName(core.get(0)) || isNumber(core.get(0)))) {
            int[] span = lastNameSpan(p, isNumber(core.get(0)));
            if (span != null) {
                // "a Blorptex gadget" replaces "Zorblax widget": as many common nouns after the name as it brings
                int end = span[1];
                for (int i = core.size() - 1; i > 0 && !isName(core.get(i)) && end < p.size()
                        && !isName(p.get(end)) && !isFunctionWord(lower(p.get(end))); i--) {
                    end++;
                }
                return join(p.subList(0, span[0])) + " " + join(core) + tail(p, end);
            }
        }
        // the same head noun: "What about the basic plan?" after "Does the premium plan include ...?"
        String head = stem(lower(r.get(r.size() - 1)));
        for (int i = p.size() - 1; i >= 1; i--) {
            if (stem(lower(p.get(i))).equals(head)) {
                int start = nounPhraseStart(p, i);
                return join(p.subList(0, start)) + " " + remainder + tail(p, i + 1);
            }
        }
        // the object of a final preposition: "And aspirin?" after "... side effects of ibuprofen?"
        int prep = lastPreposition(p);
        if (prep > 0 && objectEnd(p, prep + 1) == p.size()) {
            return join(p.subList(0, prep + 1)) + " " + remainder;
        }
        // a possessive or determiner: the final noun phrase ("And my username?" after "... reset my password?")
        if (DETERMINERS.contains(first)) {
            int start = nounPhraseStart(p, p.size() - 1);
            return join(p.subList(0, start)) + " " + remainder;
        }
        // the subject after an auxiliary: "What about contractors?" after "How many ... do new employees get?"
        Matcher aux = AUX_SUBJECT.matcher(prev);
        if (aux.matches()) {
            return prev.substring(0, aux.start(1)) + remainder + " " + aux.group(2);
        }
        return prev + " " + remainder;
    }

    /**
     * Where the object of a preposition at {@code from - 1} ends: before the next preposition or auxiliary ("days of
     * paid time off | do full-time employees get"), or at the end.
     */
    private static int objectEnd(List<String> p, int from) {
        for (int i = from + 1; i < p.size(); i++) {
            if (PREPOSITIONS.contains(lower(p.get(i))) || AUXILIARIES.contains(lower(p.get(i)))) {
                return i;
            }
        }
        return p.size();
    }

    private static int lastPreposition(List<String> p) {
        for (int i = p.size() - 2; i >= 1; i--) {
            if (PREPOSITIONS.contains(lower(p.get(i)))) {
                return i;
            }
        }
        return -1;
    }

    /** The last run of names ("Eiffel Tower", "Statue of Liberty") or numbers after the first word, as [start, end). */
    private static int[] lastNameSpan(List<String> p, boolean numbers) {
        for (int end = p.size(); end > 1; end--) {
            String word = p.get(end - 1);
            if (numbers ? isNumber(word) : isName(word)) {
                int start = end - 1;
                while (start > 1 && (numbers ? isNumber(p.get(start - 1))
                        : isName(p.get(start - 1)) || lower(p.get(start - 1)).equals("of") && start > 2 && isName(p.get(start - 2)))) {
                    start--;
                }
                return new int[] {start, end};
            }
        }
        return null;
    }

    /** Where the noun phrase ending at {@code end} starts: after a determiner, or after the last non-content word. */
    private static int nounPhraseStart(List<String> p, int end) {
        int start = end;
        while (start > 1) {
            String before = lower(p.get(start - 1));
            if (DETERMINERS.contains(before)) {
                return start - 1;
            }
            if (PREPOSITIONS.contains(before) || AUXILIARIES.contains(before) || QUESTION_WORDS.contains(before)) {
                return start;
            }
            start--;
        }
        return start;
    }

    // --- pronouns -------------------------------------------------------------------------------------------------

    private static boolean hasPronoun(List<String> words) {
        for (int i = 0; i < words.size(); i++) {
            String w = lower(words.get(i));
            if (w.equals("it") && i + 1 < words.size() && EXPLETIVE_AFTER_IT.contains(lower(words.get(i + 1)))) {
                continue;
            }
            if (SUBJECT_PRONOUNS.contains(w) || POSSESSIVES.contains(w) || w.equals("her")) {
                return true;
            }
        }
        return false;
    }

    private static String resolvePronouns(List<String> words, String focus) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String w = lower(words.get(i));
            boolean nextIsContent = i + 1 < words.size() && !isFunctionWord(lower(words.get(i + 1)));
            String replacement = null;
            if (w.equals("it") && i + 1 < words.size() && EXPLETIVE_AFTER_IT.contains(lower(words.get(i + 1)))) {
                replacement = null;
            } else if (POSSESSIVES.contains(w) || w.equals("her") && nextIsContent) {
                replacement = possessive(focus);
            } else if (SUBJECT_PRONOUNS.contains(w) || w.equals("her")) {
                replacement = focus;
            }
            if (replacement == null) {
                out.add(words.get(i));
            } else {
                out.add(i == 0 ? capitalise(replacement) : decapitalise(replacement));
            }
        }
        return join(out);
    }

    private static String possessive(String focus) {
        return focus.endsWith("s") ? focus + "'" : focus + "'s";
    }

    /**
     * What the previous question was about: the X of "What is X?" or "Tell me about X", else the object of its final
     * preposition, else the subject after its auxiliary, else its last name, else its final noun phrase.
     */
    static String focus(String prev) {
        Matcher definition = DEFINITION.matcher(prev);
        if (definition.matches()) {
            return (definition.group(1) != null ? definition.group(1) : definition.group(2)).strip();
        }
        List<String> p = tokens(prev);
        int prep = lastPreposition(p);
        if (prep > 0 && objectEnd(p, prep + 1) == p.size()) {
            return join(p.subList(prep + 1, p.size()));
        }
        Matcher aux = AUX_SUBJECT.matcher(prev);
        if (aux.matches() && !Set.of("i", "we", "you").contains(lower(tokens(aux.group(1)).get(0)))) {
            return aux.group(1); // the subject, unless it is the asker ("How do I ...?")
        }
        int[] name = lastNameSpan(p, false);
        if (name != null) {
            return join(p.subList(name[0], name[1]));
        }
        return join(p.subList(nounPhraseStart(p, p.size() - 1), p.size()));
    }

    // --- words ----------------------------------------------------------------------------------------------------

    private static boolean namesSomething(List<String> words) {
        return words.stream().skip(1).anyMatch(w -> isName(w) || isNumber(w));
    }

    private static long shares(List<String> a, List<String> b) {
        Set<String> other = new java.util.HashSet<>();
        b.stream().map(w -> stem(lower(w))).filter(w -> !isFunctionWord(w)).forEach(other::add);
        return a.stream().map(w -> stem(lower(w))).filter(w -> !isFunctionWord(w)).filter(other::contains).count();
    }

    private static boolean isFunctionWord(String w) {
        return PREPOSITIONS.contains(w) || DETERMINERS.contains(w) || AUXILIARIES.contains(w) || QUESTION_WORDS.contains(w)
                || SUBJECT_PRONOUNS.contains(w) || Set.of("i", "we", "you", "there", "and", "or", "not", "a", "much",
                "many", "long", "often", "need").contains(w);
    }

    private static boolean isName(String word) {
        return !word.isEmpty() && Character.isUpperCase(word.codePointAt(0)) && !word.equals("I");
    }

    private static boolean isNumber(String word) {
        return !word.isEmpty() && Character.isDigit(word.codePointAt(0));
    }

    private static List<String> withoutDeterminer(List<String> words) {
        return !words.isEmpty() && DETERMINERS.contains(lower(words.get(0))) ? words.subList(1, words.size()) : words;
    }

    private static int lastIndexOf(List<String> words, String word, int from) {
        for (int i = words.size() - 1; i >= from; i--) {
            if (lower(words.get(i)).equals(word)) {
                return i;
            }
        }
        return -1;
    }

    private static String stem(String w) {
        return w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.substring(0, w.length() - 1) : w;
    }

    private static String tail(List<String> words, int from) {
        return from >= words.size() ? "" : " " + join(words.subList(from, words.size()));
    }

    /** The text without its closing punctuation. */
    private static String bare(String text) {
        return text.strip().replaceAll("[?.!\\s]+$", "");
    }

    private static String question(String text) {
        return capitalise(text.strip()) + "?";
    }

    static List<String> tokens(String text) {
        String t = text.strip();
        return t.isEmpty() ? List.of() : Arrays.asList(t.split("\\s+"));
    }

    private static String join(List<String> words) {
        return String.join(" ", words);
    }

    private static String lower(String w) {
        return w.toLowerCase(Locale.ROOT).replaceAll("[,;:]+$", "");
    }

    private static String capitalise(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** Lower-cases a leading article ("The PTO policy" mid-sentence), never a name. */
    private static String decapitalise(String s) {
        List<String> words = tokens(s);
        if (!words.isEmpty() && DETERMINERS.contains(lower(words.get(0)))) {
            return lower(words.get(0)) + s.substring(words.get(0).length());
        }
        return s;
    }
}

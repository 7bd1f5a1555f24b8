package io.corrigo.api.answer;

import io.corrigo.api.text.LexicalCoverage;
import io.corrigo.api.text.Sentences;
import io.corrigo.api.text.Terms;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a sentence or a passage holds what a question asks: a candidate of the expected type
 * ({@link QuestionAnalysis#type()}), not already given in the question, bound to the question's focus (a figure
 * counts the asked noun or carries the asked unit), in a passage that mentions every anchor of the question and the
 * superlative it asks about. A figure for another quantity (a near miss), a sentence about the topic without the
 * asked detail, or a passage about another place or year is not sufficient.
 *
 * <p>Questions whose type cannot be checked by form (why, how, what is, yes or no) get {@link Verdict#unchecked}: no
 * opinion, and callers keep their other evidence. Rules over the text, English only; cheap enough to run on every
 * sentence a run grades.
 */
public final class Sufficiency {

    /**
     * A judgement.
     *
     * @param checked    whether the question's type could be checked at all; when not, {@code sufficient} is
     *                   {@code true} and means nothing
     * @param sufficient whether the text holds the asked detail
     * @param candidate  the accepted candidate, or {@code null}
     * @param sentence   the sentence that holds it, or {@code null}
     * @param reason     why, for traces ("count of patients: 19 of 30 patients", "no year in any sentence")
     */
    public record Verdict(boolean checked, boolean sufficient, AnswerCandidate candidate, String sentence, String reason) {

        /** No opinion: the question's type is not one a sentence can be checked for by form. */
        public static Verdict unchecked(QuestionAnalysis question) {
            return new Verdict(false, true, null, null, "not checked by form (" + question.type() + ")");
        }

        /** Checked and found wanting. */
        public static Verdict insufficient(String reason) {
            return new Verdict(true, false, null, null, reason);
        }

        /** Whether the text was checked and lacks the detail. */
        public boolean lacking() {
            return checked && !sufficient;
        }
    }

    private static final Pattern NUMBER = Pattern.compile(
            "(?<![\\p{L}\\d.,/])(\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?(?![\\d])|(?i)\\b(two|three|four|five|six|seven|"
                    + "eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|"
                    + "thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|dozens?|millions?|half)\\b");
    private static final Pattern YEAR = Pattern.compile("(?<![\\d.,])(1[0-9]\\d\\d|20\\d\\d)(s)?(?![\\d])|(?i)\\b\\d{1,2}(st|nd|rd|th) centur");
    /** "at noon", "at nine", "9 am", "on Tuesdays", "the third Tuesday", "every morning", "in spring". */
    private static final Pattern TIME_OF_DAY = Pattern.compile("(?i)\\b(noon|midday|midnight|dawn|dusk|sunrise|sunset|"
            + "(?:\\d{1,2}(?:[:.]\\d\\d)?\\s?(?:am|pm|a\\.m\\.|p\\.m\\.|o'clock|h\\b))|"
            + "at (?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\\d{1,2}(?:[:.]\\d\\d)?)\\b"
            + "(?!\\s?(?:am|pm|a\\.m|p\\.m|o'clock|h\\b))|"
            + "(?:every |each |on )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?|"
            + "(?:first|second|third|fourth|last) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|day|week)|"
            + "(?:every|each) (?:morning|evening|night|day|week|month|year|spring|summer|autumn|winter)|"
            + "(?:daily|weekly|monthly|yearly|annually|fortnightly)|in (?:the )?(?:morning|afternoon|evening|spring|summer|"
            + "autumn|fall|winter))(?!\\p{L})");
    private static final Pattern RANGE_BEFORE = Pattern.compile("(?:between\\s+)?[$€£]?\\d[\\d.,]*\\s*(?:%\\s*)?"
            + "(?:to|-|–|—|--|and|or)\\s*$");
    private static final Pattern QUANTITY_EXPRESSION = Pattern.compile("(?i)\\b(pro rata|proportionally|in proportion|"
            + "unlimited|without limit|no limit|at cost|free of charge|in full|varies|depends on)\\b");
    private static final Pattern PLACE_PHRASE = Pattern.compile("(?i)\\b(in|into|at|to|from|on|near|inside|under|of|by|"
            + "within|across|throughout|behind|beside|along|between|around)\\s+"
            + "(?:the|a|an|its|their)?\\s*(?:\\w+\\s+)?(\\w{3,})");
    private static final Pattern MONTH_BEFORE = Pattern.compile("\\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
            + "[a-z]*\\.?\\s*(\\d{1,2},?\\s*)?$");
    private static final Pattern MONTH = Pattern.compile("\\b(January|February|March|April|May|June|July|August|September|"
            + "October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\b\\.?");
    /** A month with the day and year written beside it, whole: "3 May 1964", "June 2025", "July 4, 1776", "May". */
    private static final Pattern WHOLE_DATE = Pattern.compile("(?:\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?)?"
            + "\\b(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|"
            + "Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\b\\.?(?:\\s+\\d{1,2}(?:st|nd|rd|th)?\\b)?(?:,?\\s+\\d{4}\\b)?");
    private static final Pattern PROPER = Pattern.compile(
            "\\b[\\p{Lu}][\\p{L}\\p{N}]*(?:[-'’][\\p{L}\\p{N}]+)*(?:\\s+(?:(?:of|de|da|van|von|der|la|le|del|y|bin|al)\\s+)?"
                    + "[\\p{Lu}][\\p{L}\\p{N}]*(?:[-'’][\\p{L}\\p{N}]+)*)*|\\b[\\p{L}]+\\d[\\p{L}\\p{N}]*\\b");
    private static final Set<String> SCALES = Set.of("million", "millions", "billion", "billions", "thousand",
            "thousands", "hundred", "hundreds", "trillion", "m", "bn", "k");
    private static final Set<String> CURRENCIES = Set.of("dollars", "dollar", "euros", "euro", "pounds", "sterling",
            "usd", "eur", "gbp", "yen", "francs", "krona", "kronur", "kronor", "krónur", "rupees", "yuan", "rmb",
            "marks", "guilders", "pesos", "cents", "shillings", "lire", "roubles", "rubles", "won", "dinars");
    private static final Set<String> TIME_UNITS = Set.of("s", "sec", "secs", "second", "seconds", "min", "mins",
            "minute", "minutes", "h", "hr", "hrs", "hour", "hours", "day", "days", "week", "weeks", "month", "months",
            "year", "years", "decade", "decades", "night", "nights", "wk", "wks", "d");
    private static final Set<String> AREA_UNITS = Set.of("km2", "km²", "sq", "square", "acres", "acre", "ha",
            "hectares", "hectare", "mi2", "mi²", "m2", "m²");
    private static final Set<String> DOSE_UNITS = Set.of("mg", "g", "µg", "μg", "mcg", "ug", "ml", "iu", "units",
            "unit", "tablets", "tablet", "drops", "drop", "mmol", "ng", "mg/kg", "mg/day", "times", "puffs", "capsules",
            "doses", "dose", "l", "cc");
    private static final Set<String> UNITS = Set.of("km", "kilometres", "kilometers", "mi", "miles", "mile", "m",
            "metres", "meters", "metre", "meter", "ft", "feet", "foot", "inches", "inch", "in", "cm", "mm", "nm",
            "kg", "kilograms", "tons", "tonnes", "ton", "tonne", "lb", "lbs", "pounds", "oz", "c", "f", "degrees",
            "°c", "°f", "°", "liters", "litres", "liter", "litre", "gallons", "mph", "kph", "km/h", "watts", "mw", "kw",
            "gw", "mwh", "kwh", "knots", "bp", "kb", "kda", "nucleotides", "cases", "per", "x", "fold", "kelvin", "k",
            "ev", "kev", "mev", "gev", "tev", "hz", "khz", "mhz", "ghz", "volts", "v", "amps", "pa", "kpa", "bar", "atm",
            "psi", "db", "decibels", "calories", "kcal", "joules", "j", "newtons", "n", "percent", "%");
    private static final Set<String> STARTERS = Set.of("however", "although", "though", "after", "before", "during",
            "since", "while", "also", "there", "here", "thus", "hence", "finally", "furthermore", "moreover",
            "additionally", "recently", "today", "later", "initially", "many", "most", "several", "both", "each",
            "another", "others", "one", "two", "three", "following", "despite", "according", "overall", "including",
            "unlike", "like", "because", "instead", "meanwhile", "previously", "currently", "now", "yet", "still",
            "whereas", "similarly", "likewise", "notably", "importantly", "interestingly", "indeed");
    private static final Set<String> YEAR_LEAD = Set.of("in", "since", "by", "from", "until", "of", "during", "to",
            "after", "before", "between", "and", "year");
    private static final Set<String> SUPERLATIVE_HINTS = Set.of("first", "last", "most", "least", "only", "top",
            "main", "leading", "primary", "sole", "majority", "predominant", "predominantly", "commonest", "principal");

    private Sufficiency() {
    }

    /** Whether the passage {@code text} (split into sentences here) holds the asked detail. */
    public static Verdict ofPassage(QuestionAnalysis question, String text) {
        return ofPassage(question, text, Sentences.split(text));
    }

    /**
     * Whether the passage holds the asked detail: its anchors, figures and superlative are checked on the whole
     * passage ({@code text}, with its title if the caller has one), the candidate in one of its sentences.
     */
    public static Verdict ofPassage(QuestionAnalysis question, String text, List<String> sentences) {
        if (!question.structural()) {
            return Verdict.unchecked(question);
        }
        String context = contextProblem(question, text);
        if (context != null) {
            return Verdict.insufficient(context);
        }
        boolean sawFigure = false;
        Set<String> questionStems = questionStemsOf(question);
        for (String sentence : sentences) {
            if (!onSubject(question, sentence, text, questionStems)) {
                continue;
            }
            List<AnswerCandidate> found = closestFirst(question, sentence);
            if (!found.isEmpty()) {
                AnswerCandidate c = found.get(0);
                return new Verdict(true, true, c, sentence, question.focus() + ": " + c.text());
            }
            sawFigure |= question.type().numeric() && NUMBER.matcher(sentence).find();
        }
        return Verdict.insufficient("no " + describe(question.type()) + " for " + question.focus() + " in any sentence"
                + (sawFigure ? " (figures for other quantities only)" : ""));
    }

    /**
     * The candidate a sentence offers for the question, judged on the sentence and its subject only (the passage's
     * anchors are the caller's business): a generator or critic that sees sentences, not passages. Empty when the
     * question's type is not checked by form, or the sentence holds none.
     */
    public static java.util.Optional<AnswerCandidate> candidateIn(QuestionAnalysis question, String sentence) {
        return candidateIn(question, sentence, sentence);
    }

    /**
     * Like {@link #candidateIn(QuestionAnalysis, String)}, with the text around the sentence (its passage, or the
     * sentences quoted from it) for the question's place: named there and no other place named in the sentence is
     * enough.
     */
    public static java.util.Optional<AnswerCandidate> candidateIn(QuestionAnalysis question, String sentence,
                                                                  String around) {
        if (!question.structural() || !onSubject(question, sentence, around, questionStemsOf(question))) {
            return java.util.Optional.empty();
        }
        return closestFirst(question, sentence).stream().findFirst();
    }

    /** Whether one sentence holds the asked detail, judged on the sentence alone (anchors included). */
    public static Verdict ofSentence(QuestionAnalysis question, String sentence) {
        return ofPassage(question, sentence, List.of(sentence));
    }

    /**
     * Why the passage cannot answer whatever its sentences hold, or {@code null}: an anchor of the question it never
     * mentions, a figure or year of the question it never states, a superlative it never uses, or, for "which X",
     * no mention of X.
     */
    static String contextProblem(QuestionAnalysis question, String text) {
        Set<String> stems = new HashSet<>();
        String lower = text.toLowerCase(Locale.ROOT);
        for (String token : Terms.tokens(text)) {
            stems.add(LexicalCoverage.stem(token));
        }
        // one place of "in London and in Berlin" is enough: a part answered is answered in part
        if (!question.constraints().isEmpty() && question.constraints().stream().noneMatch(c -> mentions(c, lower, stems))) {
            return "does not mention " + String.join(" or ", question.constraints().stream().map(c -> "'" + c + "'").toList())
                    + ", where the question is placed";
        }
        List<String> missing = question.anchors().stream().filter(a -> !mentions(a, lower, stems)).toList();
        // more than half of the names, and at least two of them: a passage that calls COVID-19 "2019-nCoV" may still
        // answer; the question's place is held to more strictly above
        if (missing.size() >= 2 && missing.size() * 2 > question.anchors().size()) {
            return "does not mention " + String.join(", ", missing.stream().map(a -> "'" + a + "'").toList());
        }
        for (String figure : question.figures()) {
            if (!lower.replace(",", "").matches("(?s).*(?<![\\d.])" + Pattern.quote(figure) + "(?![\\d]).*")) {
                return "does not state " + figure;
            }
        }
        if (question.type() == AnswerType.ENTITY && question.head() != null
                && stems.stream().noneMatch(st -> st.contains(LexicalCoverage.stem(question.head())))) {
            return "never mentions a " + question.head();
        }
        if (question.superlative() != null && !stems.contains(LexicalCoverage.stem(question.superlative()))
                && SUPERLATIVE_HINTS.stream().noneMatch(stems::contains)
                && Terms.tokens(text).stream().noneMatch(t -> t.length() > 5 && t.endsWith("est"))) {
            return "never says '" + question.superlative() + "'";
        }
        return null;
    }

    private static final java.util.Map<String, String> DEMONYMS = java.util.Map.ofEntries(
            java.util.Map.entry("french", "france"), java.util.Map.entry("dutch", "netherlands"),
            java.util.Map.entry("british", "britain"), java.util.Map.entry("english", "england"),
            java.util.Map.entry("spanish", "spain"), java.util.Map.entry("swiss", "switzerland"),
            java.util.Map.entry("welsh", "wales"), java.util.Map.entry("irish", "ireland"),
            java.util.Map.entry("chinese", "china"), java.util.Map.entry("danish", "denmark"),
            java.util.Map.entry("swedish", "sweden"), java.util.Map.entry("polish", "poland"),
            java.util.Map.entry("turkish", "turkey"), java.util.Map.entry("greek", "greece"),
            java.util.Map.entry("scottish", "scotland"), java.util.Map.entry("finnish", "finland"));

    /**
     * An anchor phrase is mentioned when it is, or its first word is: by its stem, its first five letters ("Haitian" →
     * "Haiti") or its country ("French" → "France").
     */
    private static boolean mentions(String anchor, String lower, Set<String> stems) {
        if (lower.contains(anchor)) {
            return true;
        }
        // a phrase is mentioned by its first word ("Amazon" of "Amazon River", "H7N9" of "H7N9 Avian")
        for (String word : Terms.tokens(anchor)) {
            if (Terms.isStopWord(word) && word.length() > 2) {
                continue;
            }
            if (word.length() < 3) {
                return stems.contains(word); // "UK", "US": short names are matched whole
            }
            if (stems.contains(LexicalCoverage.stem(word))) {
                return true;
            }
            String country = DEMONYMS.get(word);
            if (country != null && stems.contains(LexicalCoverage.stem(country))) {
                return true;
            }
            return word.length() >= 5 && stems.stream().anyMatch(st -> st.length() >= 5 && st.startsWith(word.substring(0, 5)));
        }
        return true;
    }

    /**
     * Whether a sentence is about the question's subject: it shares an anchor or two content words with the question,
     * and names the place or cohort the question is placed in ("11 million … in South Africa" does not answer "in
     * Zimbabwe").
     */
    static boolean onSubject(QuestionAnalysis question, String sentence, String around, Set<String> questionStems) {
        if (rolesSwapped(question, sentence)) {
            return false;
        }
        String lower = sentence.toLowerCase(Locale.ROOT);
        Set<String> stems = new HashSet<>();
        for (String token : Terms.tokens(sentence)) {
            stems.add(LexicalCoverage.stem(token));
        }
        // the question's place: named in the sentence, or named around it (its passage, or what is quoted of it) with no
        // other place named in the sentence ("11 million … in South Africa" does not answer "in Zimbabwe")
        if (!question.constraints().isEmpty() && question.constraints().stream().noneMatch(c -> mentions(c, lower, stems))) {
            Set<String> aroundStems = new HashSet<>();
            Terms.tokens(around).forEach(t -> aroundStems.add(LexicalCoverage.stem(t)));
            String aroundLower = around.toLowerCase(Locale.ROOT);
            if (question.constraints().stream().noneMatch(c -> mentions(c, aroundLower, aroundStems))) {
                return false;
            }
            Matcher other = OTHER_PLACE.matcher(sentence);
            while (other.find()) {
                if (!mentions(other.group(1).toLowerCase(Locale.ROOT), question.question().toLowerCase(Locale.ROOT),
                        questionStems)) {
                    return false;
                }
            }
        }
        if (otherCohort(question, lower)) {
            return false; // "full-time employees" do not answer for "part-time staff"
        }
        if (!question.focusTerms().isEmpty()
                && question.focusTerms().stream().noneMatch(t -> stems.contains(LexicalCoverage.stem(t)))) {
            return false; // "2.4 h" of a sentence on turnaround time does not answer a length of stay
        }
        long shared = Terms.contentTerms(question.question()).stream()
                .filter(t -> stems.contains(LexicalCoverage.stem(t))).count();
        if (shared >= 2 || question.anchors().stream().anyMatch(a -> mentions(a, lower, stems))) {
            return true;
        }
        // "It employs 240 staff": a sentence of a passage that names the subject, sharing a word with the question
        if (shared == 1 && !around.equals(sentence)) {
            Set<String> aroundStems = new HashSet<>();
            Terms.tokens(around).forEach(t -> aroundStems.add(LexicalCoverage.stem(t)));
            String aroundLower = around.toLowerCase(Locale.ROOT);
            long sharedAround = Terms.contentTerms(question.question()).stream()
                    .filter(t -> aroundStems.contains(LexicalCoverage.stem(t))).count();
            return sharedAround >= 2 || question.anchors().stream().anyMatch(a -> mentions(a, aroundLower, aroundStems));
        }
        return false;
    }

    private static final Pattern WH_VERB_OBJECT = Pattern.compile("(?i)^\\s*(?:who\\s+|(?:what|which)(?:\\s+\\w+)?\\s+)"
            + "(?!is\\b|are\\b|was\\b|were\\b|did\\b|does\\b|do\\b|has\\b|have\\b|had\\b)(\\w+)\\s+(?:the\\s+|a\\s+|an\\s+)?"
            + "([\\p{L}][\\p{L}\\p{N}-]*)");

    /**
     * Whether the sentence has the question's roles the other way round: "What infects bats?" (bats are the object)
     * against "Bats infect …" (bats are the subject). Read from the question's first verb and its object; a sentence
     * that puts the object right before that verb has it as the subject.
     */
    public static boolean rolesSwapped(QuestionAnalysis question, String sentence) {
        Matcher m = WH_VERB_OBJECT.matcher(question.question());
        if (!m.find()) {
            return false;
        }
        String verb = LexicalCoverage.stem(m.group(1).toLowerCase(Locale.ROOT));
        String object = LexicalCoverage.stem(m.group(2).toLowerCase(Locale.ROOT));
        if (verb.length() < 3 || Terms.isStopWord(m.group(2).toLowerCase(Locale.ROOT))) {
            return false;
        }
        List<String> tokens = Terms.tokens(sentence);
        boolean objectFirst = false;
        boolean verbFirst = false;
        for (int i = 0; i + 1 < tokens.size(); i++) {
            String here = LexicalCoverage.stem(tokens.get(i));
            for (int k = i + 1; k < Math.min(tokens.size(), i + 3); k++) {
                String there = LexicalCoverage.stem(tokens.get(k));
                objectFirst |= here.equals(object) && sameVerb(there, verb);
                verbFirst |= sameVerb(here, verb) && there.equals(object);
            }
        }
        return objectFirst && !verbFirst && !sentence.toLowerCase(Locale.ROOT).matches("(?s).*\\b(by|is|are|was|were)\\b.*"
                + Pattern.quote(m.group(1).toLowerCase(Locale.ROOT).substring(0, Math.min(4, m.group(1).length()))) + ".*");
    }

    private static boolean sameVerb(String stem, String verb) {
        int n = Math.min(4, Math.min(stem.length(), verb.length()));
        return n >= 3 && stem.regionMatches(0, verb, 0, n);
    }

    private static final Pattern COMPOUND = Pattern.compile("\\b(\\p{L}+)[- ](time|term|class|income|year|level|day|"
            + "week|month|grade|line|party|person|risk|dose|stage|degree|hand|side)\\b");

    /**
     * Whether the sentence names another cohort of the same kind than the question's: the question's "part-time"
     * against the sentence's "full-time", "low-income" against "high-income".
     */
    static boolean otherCohort(QuestionAnalysis question, String lowerSentence) {
        Matcher asked = COMPOUND.matcher(question.question().toLowerCase(Locale.ROOT));
        while (asked.find()) {
            String mine = asked.group(1);
            String kind = asked.group(2);
            if (lowerSentence.matches("(?s).*\\b" + Pattern.quote(mine) + "[- ]" + kind + "\\b.*")) {
                continue;
            }
            Matcher other = COMPOUND.matcher(lowerSentence);
            while (other.find()) {
                if (other.group(2).equals(kind) && !other.group(1).equals(mine) && COHORTS.contains(other.group(1))
                        && COHORTS.contains(mine)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final Set<String> COHORTS = Set.of("part", "full", "short", "long", "low", "high", "middle", "first",
            "second", "third", "upper", "lower", "left", "right", "single", "double", "half", "one", "two", "three",
            "early", "late", "new", "old", "primary", "secondary");

    private static final Pattern OTHER_PLACE = Pattern.compile("\\b(?:in|at)\\s+(?:the\\s+)?"
            + "([\\p{Lu}][\\p{L}'’-]+(?:\\s+[\\p{Lu}][\\p{L}'’-]+)*)");

    private static Set<String> questionStemsOf(QuestionAnalysis question) {
        Set<String> stems = new HashSet<>();
        for (String token : Terms.tokens(question.question())) {
            stems.add(LexicalCoverage.stem(token));
        }
        return stems;
    }

    private static final Pattern LIST_ITEM = Pattern.compile("(?<![\\d.,])(?:1[0-9]\\d\\d|20\\d\\d)\\s*(?:--|–|—|:)\\s");

    /**
     * The candidates of {@link #candidates}, the one closest to the question's own words first: "22 % in Lake Baikal",
     * not the "87 %" at the start of the list, for a question about Lake Baikal.
     */
    public static List<AnswerCandidate> closestFirst(QuestionAnalysis question, String sentence) {
        List<AnswerCandidate> found = new ArrayList<>(candidates(question, sentence));
        if (found.size() < 2) {
            return found;
        }
        String lower = sentence.toLowerCase(Locale.ROOT);
        List<int[]> marks = new ArrayList<>();
        Set<String> skip = new HashSet<>();
        if (question.head() != null) {
            skip.add(LexicalCoverage.stem(question.head()));
        }
        for (String term : Terms.contentTerms(question.question())) {
            if (skip.contains(LexicalCoverage.stem(term)) || term.length() < 3) {
                continue;
            }
            Matcher m = Pattern.compile("\\b" + Pattern.quote(term)).matcher(lower);
            while (m.find()) {
                marks.add(new int[] {m.start(), m.end()});
            }
        }
        if (marks.isEmpty()) {
            return found;
        }
        found.sort(java.util.Comparator.comparingInt(c -> {
            int best = Integer.MAX_VALUE;
            for (int[] mark : marks) {
                int gap = mark[1] <= c.start() ? c.start() - mark[1] : mark[0] >= c.end() ? mark[0] - c.end() : 0;
                best = Math.min(best, gap);
            }
            return best;
        }));
        return found;
    }

    /**
     * The candidates of the asked type in {@code sentence}, bound ones first. A list ("2000 -- Sellevision … 2002 --
     * Running with Scissors …": a bibliography, a table flattened into a line) is read item by item, and only the items
     * naming one of the question's anchors are searched: the year of a list is the year of its item.
     */
    public static List<AnswerCandidate> candidates(QuestionAnalysis question, String sentence) {
        Matcher item = LIST_ITEM.matcher(sentence);
        List<Integer> starts = new ArrayList<>();
        while (item.find()) {
            starts.add(item.start());
        }
        if (starts.size() < 3 || question.anchors().isEmpty()) {
            return candidatesIn(question, sentence);
        }
        List<AnswerCandidate> found = new ArrayList<>();
        starts.add(sentence.length());
        for (int i = 0; i + 1 < starts.size(); i++) {
            String text = sentence.substring(starts.get(i), starts.get(i + 1));
            Set<String> stems = new HashSet<>();
            Terms.tokens(text).forEach(t -> stems.add(LexicalCoverage.stem(t)));
            String lower = text.toLowerCase(Locale.ROOT);
            if (question.anchors().stream().anyMatch(a -> mentions(a, lower, stems))) {
                int offset = starts.get(i);
                candidatesIn(question, text).forEach(c -> found.add(new AnswerCandidate(c.type(), c.text(),
                        c.start() + offset, c.end() + offset, c.binding())));
            }
        }
        return found;
    }

    private static List<AnswerCandidate> candidatesIn(QuestionAnalysis question, String sentence) {
        Set<String> questionWords = new HashSet<>();
        for (String token : Terms.tokens(question.question())) {
            questionWords.add(LexicalCoverage.stem(token));
        }
        List<AnswerCandidate> result = new ArrayList<>();
        switch (question.type()) {
            case YEAR -> years(question, sentence, result);
            case DATE -> {
                years(question, sentence, result);
                for (Pattern p : List.of(WHOLE_DATE, TIME_OF_DAY)) {
                    Matcher m = p.matcher(sentence);
                    while (m.find()) {
                        String word = (p == WHOLE_DATE ? m.group(1) : m.group()).strip().toLowerCase(Locale.ROOT);
                        if (!questionWords.contains(LexicalCoverage.stem(word))) {
                            int start = m.start();
                            int end = m.end();
                            // a date is answered whole: the year inside "June 2025" is not a candidate of its own
                            result.removeIf(c -> c.type() == AnswerType.YEAR && c.start() >= start && c.end() <= end);
                            result.add(new AnswerCandidate(AnswerType.DATE, m.group().strip(), start, end, null));
                        }
                    }
                }
            }
            case PERSON, NAME, ORGANISATION, ENTITY -> names(question, sentence, questionWords, result);
            case PLACE -> {
                names(question, sentence, questionWords, result);
                if (question.head() == null) {
                    // "where does water go": "into the nearest river" is a place too
                    Matcher m = PLACE_PHRASE.matcher(sentence);
                    while (m.find()) {
                        if (!questionWords.contains(LexicalCoverage.stem(m.group(2).toLowerCase(Locale.ROOT)))) {
                            result.add(new AnswerCandidate(AnswerType.PLACE, m.group(), m.start(), m.end(), null));
                        }
                    }
                }
            }
            default -> {
                figures(question, sentence, result);
                // "pro rata to their contracted hours": an amount said in words
                Matcher m = QUANTITY_EXPRESSION.matcher(sentence);
                while (m.find()) {
                    result.add(new AnswerCandidate(question.type(), m.group(), m.start(), m.end(), "expression"));
                }
            }
        }
        return result;
    }

    private static void years(QuestionAnalysis question, String sentence, List<AnswerCandidate> out) {
        Matcher m = YEAR.matcher(sentence);
        while (m.find()) {
            String year = m.group(1) != null ? m.group(1) : m.group();
            if (!question.figures().contains(year) && !insideBrackets(sentence, m.start())) {
                out.add(new AnswerCandidate(AnswerType.YEAR, m.group(), m.start(), m.end(), null));
            }
        }
    }

    private static void names(QuestionAnalysis question, String sentence, Set<String> questionWords,
                              List<AnswerCandidate> out) {
        if (question.head() != null && question.type() == AnswerType.NAME
                && Terms.tokens(sentence).stream().noneMatch(t -> LexicalCoverage.stem(t).equals(LexicalCoverage.stem(question.head())))) {
            return; // "the name of the high school": a sentence that names no school names none
        }
        Matcher m = PROPER.matcher(sentence);
        while (m.find()) {
            String span = m.group().replaceFirst("^(?:The|A|An|In|On|At|This|These|Its|Their|His|Her)\\s+", "");
            List<String> words = Terms.tokens(span);
            boolean first = sentence.substring(0, m.start()).isBlank();
            if (first && words.size() == 1 && (Terms.isStopWord(words.get(0)) || STARTERS.contains(words.get(0))
                    || question.type() != AnswerType.PERSON)) {
                continue; // "However", "Echoviruses": a capital at a sentence's start is no name, unless a person is asked
            }
            if (question.type() != AnswerType.ENTITY && span.matches(".*\\p{L}\\d.*|.*\\d\\p{L}.*")) {
                continue; // "HAdV-55", "CD40": a code is no person, place or organisation
            }
            if (words.stream().allMatch(w -> questionWords.contains(LexicalCoverage.stem(w)) || Terms.isStopWord(w))
                    || MONTH.matcher(span).matches() || span.matches("\\d.*")) {
                continue;
            }
            if (words.stream().allMatch(w -> w.matches("\\d+|[a-z]\\d*|ref|fig|table"))) {
                continue;
            }
            if (question.head() != null && question.type() == AnswerType.NAME && !besideHead(sentence, m.end(), span,
                    question.head())) {
                continue; // "the name of the high school": a name beside "school", not any name
            }
            out.add(new AnswerCandidate(question.type(), span, m.start(), m.end(), question.head()));
        }
        if ((question.type() == AnswerType.PERSON || question.type() == AnswerType.ORGANISATION) && out.isEmpty()) {
            subjectOfVerb(question, sentence, questionWords, out);
        }
        if (question.type() == AnswerType.ENTITY && question.head() != null) {
            // "the antibiotic ceftiofur", "Tupaia hepatocytes": a word beside the class noun that the question lacks
            List<String> tokens = Terms.tokens(sentence);
            String head = LexicalCoverage.stem(question.head());
            for (int i = 0; i < tokens.size(); i++) {
                if (LexicalCoverage.stem(tokens.get(i)).equals(head)) {
                    for (int j : new int[] {i - 1, i + 1}) {
                        if (j >= 0 && j < tokens.size() && !Terms.isStopWord(tokens.get(j))
                                && !questionWords.contains(LexicalCoverage.stem(tokens.get(j))) && tokens.get(j).length() > 3) {
                            int at = sentence.toLowerCase(Locale.ROOT).indexOf(tokens.get(j));
                            out.add(new AnswerCandidate(AnswerType.ENTITY, sentence.substring(at, at + tokens.get(j).length()),
                                    at, at + tokens.get(j).length(), question.head()));
                        }
                    }
                }
            }
        }
    }

    private static final Pattern WHO_VERB = Pattern.compile("(?i)^\\s*who\\s+(?:(?:is|was|are|were|has|have|had|will|would|"
            + "can|could|does|did|do)\\s+)?(\\w+)");

    /**
     * "Who says hello to visitors?" against "The greeting robot says hello …": the words right before the question's
     * verb, when they are not the question's own — a role ("the line manager", "the greeting robot") answers who as a
     * name does.
     */
    private static void subjectOfVerb(QuestionAnalysis question, String sentence, Set<String> questionWords,
                                      List<AnswerCandidate> out) {
        Matcher who = WHO_VERB.matcher(question.question());
        if (!who.find()) {
            return;
        }
        String verb = LexicalCoverage.stem(who.group(1).toLowerCase(Locale.ROOT));
        List<String> tokens = Terms.tokens(sentence);
        for (int i = 1; i < tokens.size(); i++) {
            if (!sameVerb(LexicalCoverage.stem(tokens.get(i)), verb)) {
                continue;
            }
            List<String> subject = new ArrayList<>();
            for (int k = i - 1; k >= 0 && subject.size() < 3; k--) {
                String w = tokens.get(k);
                if (Terms.isStopWord(w) || questionWords.contains(LexicalCoverage.stem(w))) {
                    break;
                }
                subject.add(0, w);
            }
            if (!subject.isEmpty()) {
                String text = String.join(" ", subject);
                int at = sentence.toLowerCase(Locale.ROOT).indexOf(text);
                out.add(new AnswerCandidate(question.type(), at < 0 ? text : sentence.substring(at, at + text.length()),
                        Math.max(0, at), Math.max(0, at) + text.length(), "subject of " + who.group(1)));
                return;
            }
        }
    }

    /** Whether the name ending at {@code end} holds the class noun or is followed by it within two words. */
    private static boolean besideHead(String sentence, int end, String span, String head) {
        String stem = LexicalCoverage.stem(head);
        if (Terms.tokens(span).stream().anyMatch(w -> LexicalCoverage.stem(w).equals(stem))) {
            return true;
        }
        List<String> after = Terms.tokens(sentence.substring(end, Math.min(sentence.length(), end + 30)));
        return after.stream().limit(2).anyMatch(w -> LexicalCoverage.stem(w).equals(stem));
    }

    private static void figures(QuestionAnalysis question, String sentence, List<AnswerCandidate> out) {
        String lower = sentence.toLowerCase(Locale.ROOT);
        Matcher m = NUMBER.matcher(sentence);
        List<AnswerCandidate> unbound = new ArrayList<>();
        while (m.find()) {
            String figure = m.group().replace(",", "");
            if (question.figures().contains(figure) || insideBrackets(sentence, m.start()) || citationAtStart(sentence, m)) {
                continue;
            }
            List<String> after = Terms.tokens(lower.substring(m.end(), Math.min(lower.length(), m.end() + 60)));
            after = after.subList(0, Math.min(after.size(), 6));
            List<String> before = Terms.tokens(lower.substring(Math.max(0, m.start() - 30), m.start()));
            before = before.subList(Math.max(0, before.size() - 3), before.size());
            String rawAfter = sentence.substring(m.end(), Math.min(sentence.length(), m.end() + 12));
            String rawBefore = sentence.substring(Math.max(0, m.start() - 4), m.start());
            int unit = !after.isEmpty() && SCALES.contains(after.get(0)) ? 1 : 0; // "11 million people"
            String next = after.size() > unit ? after.get(unit) : "";
            String binding = bind(question, lower, m, after, before, rawAfter, rawBefore, next);
            if (binding != null) {
                int words = switch (question.type()) {
                    case MONEY -> unit + (CURRENCIES.contains(next) ? 1 : 0); // "$2,000", "5 million euros"
                    default -> unit + 1;
                };
                for (int k = 0; k < Math.min(after.size(), 6); k++) {
                    if (LexicalCoverage.stem(after.get(k)).equals(LexicalCoverage.stem(binding))) {
                        words = k + 1; // "10 amino acids", "19 of 30 patients"
                        break;
                    }
                }
                out.add(new AnswerCandidate(question.type(), span(sentence, m.start(), m.end(), words), m.start(),
                        Math.min(sentence.length(), m.end()), binding));
            } else if (question.type() == AnswerType.COUNT && question.head() == null) {
                unbound.add(new AnswerCandidate(AnswerType.COUNT, m.group(), m.start(), m.end(), null));
            }
        }
        out.addAll(unbound);
    }

    /** What the figure at {@code m} is bound to, for the asked type, or {@code null} when it is no candidate. */
    private static String bind(QuestionAnalysis question, String lower, Matcher m, List<String> after,
                               List<String> before, String rawAfter, String rawBefore, String next) {
        switch (question.type()) {
            case PERCENTAGE -> {
                if (rawAfter.matches("(?s)\\s?%.*") || next.equals("percent") || next.equals("per") && after.contains("cent")) {
                    return "%";
                }
                if (next.equals("of") || rawAfter.matches("(?s)\\s?/\\s?\\d.*") || m.group().equalsIgnoreCase("half")) {
                    return "fraction";
                }
                return null;
            }
            case MONEY -> {
                if (rawBefore.matches("(?s).*[$€£¥]\\s?") || rawBefore.matches("(?s).*(US|A|C|NZ|HK)\\$\\s?")
                        || after.stream().limit(3).anyMatch(CURRENCIES::contains)
                        || before.stream().anyMatch(w -> w.equals("usd") || w.equals("eur") || w.equals("gbp"))) {
                    return "currency";
                }
                return null;
            }
            case DURATION -> {
                boolean age = after.contains("age") || after.contains("old") || before.contains("aged")
                        || before.contains("over") || before.contains("under");
                return !age && (TIME_UNITS.contains(next) || rawAfter.matches("(?s)-(day|week|month|year|hour|minute)s?\\b.*"))
                        ? next : null;
            }
            case AGE -> {
                if (before.contains("born") && m.group().matches("(1[89]|20)\\d\\d")) {
                    return "born"; // "born 13 April 1953": the age follows from the year
                }
                if (before.contains("aged") || before.contains("age") || next.equals("years") && after.contains("old")
                        || rawAfter.matches("(?s)[- ]years?[- ]old.*") || next.equals("years") && after.contains("age")
                        || rawAfter.matches("(?s)\\s?(yo|y\\.o\\.|y)\\b.*")
                        || (next.equals("years") || next.equals("year")) && lower.contains(" age")) {
                    return "age";
                }
                return null;
            }
            case QUANTITY -> {
                String head = question.head();
                if (head != null && head.equals("area")) {
                    return AREA_UNITS.contains(next) || rawAfter.matches("(?s)\\s?(km|mi|m)[²2].*") ? next : null;
                }
                if (head != null && (head.equals("dose") || head.equals("dosage"))) {
                    return DOSE_UNITS.contains(next) || rawAfter.matches("(?s)\\s?(mg|g|µg|ml|iu)\\b.*") ? next : null;
                }
                if (head == null) {
                    return "figure"; // "what was the incidence": any figure the question does not give
                }
                return UNITS.contains(next) || AREA_UNITS.contains(next) || DOSE_UNITS.contains(next)
                        || TIME_UNITS.contains(next) || rawAfter.matches("(?s)\\s?[%°].*") ? next : null;
            }
            case COUNT -> {
                String head = question.head();
                if (head == null || rawAfter.matches("(?s)\\s?%.*") || next.equals("percent")
                        || m.group().matches("(1[89]|20)\\d\\d") && (before.isEmpty() || YEAR_LEAD.contains(before.get(before.size() - 1))
                        || MONTH_BEFORE.matcher(lower.substring(Math.max(0, m.start() - 12), m.start())).find())) {
                    return null;
                }
                String stem = LexicalCoverage.stem(head);
                for (String w : after.subList(0, Math.min(after.size(), 5))) {
                    if (w.matches("\\d+") && !(after.indexOf(w) > 0 && after.get(after.indexOf(w) - 1).equals("of"))
                            || Set.of("and", "or", "but", "while", "whereas").contains(w)) {
                        break; // another figure's noun, unless "19 of 30 patients"
                    }
                    if (LexicalCoverage.stem(w).equals(stem) || w.endsWith(head)) {
                        return head;
                    }
                }
                return null;
            }
            default -> {
                return null;
            }
        }
    }

    /** The figure with its scale and the noun or unit after it: "19 of 30 patients", "30,847 nucleotides". */
    private static String span(String sentence, int start, int end, int take) {
        int stop = end;
        String rest = sentence.substring(end);
        Matcher words = Pattern.compile("^[\\s%$€£-]*[\\p{L}\\p{N}%²°/.-]+").matcher(rest);
        int taken = 0;
        while (taken < take && words.find()) {
            stop += words.end();
            rest = sentence.substring(stop);
            words = Pattern.compile("^[\\s%$€£-]*[\\p{L}\\p{N}%²°/.-]+").matcher(rest);
            taken++;
        }
        int from = start;
        // "10 to 12 days", "2.5 -- 2.75 %", "between 5 and 8": the range, not its end
        Matcher range = RANGE_BEFORE.matcher(sentence.substring(0, start));
        if (range.find()) {
            from = range.start();
        }
        while (from > 0 && "$€£¥".indexOf(sentence.charAt(from - 1)) >= 0) {
            from--;
        }
        String text = sentence.substring(from, stop).replaceAll("[.,;:()]+$", "").strip();
        String trimmed = text.replaceAll("(?i)\\s+(and|or|in|of|per|the|a|an|to|for|with|at|by|on|was|were|is|are)$", "");
        return trimmed.isEmpty() ? text : trimmed;
    }

    private static boolean insideBrackets(String sentence, int at) {
        int open = sentence.lastIndexOf('[', at);
        return open >= 0 && sentence.indexOf(']', open) > at && sentence.lastIndexOf(']', at) < open;
    }

    /** "31 Recall that …", "11, 12 The main reason …": reference numbers left at a sentence's start. */
    private static boolean citationAtStart(String sentence, Matcher m) {
        return sentence.substring(0, m.start()).matches("[\\s\\d,]*")
                && sentence.substring(m.end()).matches("(?s)[\\s,\\d]*\\s\\p{Lu}.*");
    }

    private static String describe(AnswerType type) {
        return switch (type) {
            case COUNT -> "count";
            case MONEY -> "amount of money";
            case PERCENTAGE -> "percentage";
            case QUANTITY -> "figure with its unit";
            case AGE -> "age";
            case DURATION -> "duration";
            case YEAR -> "year";
            case DATE -> "date";
            default -> "name";
        };
    }
}

package io.corrigo.api.answer;

import io.corrigo.api.Query;
import io.corrigo.api.text.Terms;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a question asks, read from its words: the expected {@link AnswerType}, the <em>focus</em> (the asked attribute
 * and the noun it is about: "count of patients", "year of described"), the <em>anchors</em> (names and figures the
 * question is about, which an answering passage must mention) and a superlative or ordinal it names ("first", "most").
 *
 * <p>Rules over the question's words, written for English questions; {@link #of} never fails (an unreadable question
 * is {@link AnswerType#OTHER}, which nothing checks structurally).
 *
 * @param question    the question as asked
 * @param type        the expected answer type
 * @param head        the noun a figure must count or measure, or the class of a "which X" entity; {@code null} when
 *                    the question names none
 * @param focus       a short description of what is asked, for traces ("count of patients")
 * @param anchors     the question's names and other capitalised terms (lower case), each of which an answering passage
 *                    mentions
 * @param figures     the numbers and years the question itself states (they answer nothing)
 * @param constraints the anchors that place the question ("in Zimbabwe", "in the UK"): a figure of a sentence that
 *                    does not name the place may be another place's
 * @param superlative the superlative or ordinal the question asks about ("first", "most"), or {@code null}
 * @param focusTerms  the words naming the asked attribute ("turnaround" of "the median turnaround time"), one of which
 *                    an answering sentence uses; empty when the question names none beyond its type
 * @param language    the ISO 639-1 code of the language the question was read in ({@code en} for {@link #of(String)});
 *                    a model trained on English (a reader) need not judge a question read in another (since 1.9.0)
 */
public record QuestionAnalysis(String question, AnswerType type, String head, String focus, List<String> anchors,
                               List<String> figures, List<String> constraints, String superlative,
                               List<String> focusTerms, String language) {

    public QuestionAnalysis {
        anchors = List.copyOf(anchors);
        figures = List.copyOf(figures);
        constraints = List.copyOf(constraints);
        focusTerms = List.copyOf(focusTerms);
        language = language == null || language.isBlank() ? "en" : language;
    }

    /** An analysis of an English question (as before 1.9.0). */
    public QuestionAnalysis(String question, AnswerType type, String head, String focus, List<String> anchors,
                            List<String> figures, List<String> constraints, String superlative,
                            List<String> focusTerms) {
        this(question, type, head, focus, anchors, figures, constraints, superlative, focusTerms, "en");
    }

    /** Whether the question was read as English. */
    public boolean english() {
        return "en".equals(language);
    }

    private static final Set<String> NOT_FOCUS = Set.of("median", "mean", "average", "estimated", "approximate",
            "total", "overall", "exact", "typical", "maximum", "minimum", "usual", "annual", "share", "proportion",
            "percentage", "percent", "fraction", "number", "amount", "year", "date", "day", "month", "time", "age",
            "dose", "dosage", "name", "title", "rate", "size", "value", "level", "period", "duration", "count",
            "decade", "century", "kind", "type", "main", "first", "last", "current", "full", "official", "new");

    private static final Pattern CONSTRAINT = Pattern.compile("\\b(?:in)\\s+(?:the\\s+)?"
            + "([\\p{Lu}][\\p{L}\\p{N}'’-]*(?:\\s+[\\p{Lu}][\\p{L}\\p{N}'’-]*)*)");

    private static final Set<String> AUXILIARIES = Set.of("is", "are", "was", "were", "do", "does", "did", "have", "has",
            "had", "will", "would", "can", "could", "should", "shall", "may", "might", "must");
    private static final Set<String> MONEY_WORDS = Set.of("money", "cost", "costs", "pay", "paid", "pays", "spend",
            "spent", "earn", "earned", "earns", "gross", "grossed", "worth", "price", "priced", "revenue", "salary",
            "budget", "fee", "fees", "fund", "funding", "invest", "invested", "raise", "raised", "sell", "sold",
            "buy", "bought", "charge", "charged", "income", "profit", "wage", "wages");
    private static final Set<String> PLACE_CLASSES = Set.of("city", "country", "state", "town", "region", "continent",
            "island", "county", "province", "village", "district", "place", "location", "nation", "capital", "port");
    private static final Set<String> ORGANISATION_CLASSES = Set.of("company", "organisation", "organization", "team",
            "band", "university", "agency", "party", "club", "firm", "institution", "network", "label", "school",
            "hospital", "airline", "newspaper", "publisher", "studio");
    private static final Set<String> PERCENT_WORDS = Set.of("percentage", "percent", "proportion", "share", "fraction");
    private static final Set<String> NUMBER_WORDS = Set.of("number", "amount", "incidence", "rate", "prevalence",
            "ratio", "total", "population", "score", "count", "size", "value", "level", "concentration", "frequency");
    private static final Set<String> QUANTITY_WORDS = Set.of("dose", "dosage", "area", "length", "height", "distance",
            "weight", "capacity", "temperature", "depth", "width", "speed", "volume", "elevation", "altitude", "mass",
            "diameter", "range");
    private static final Set<String> DURATION_WORDS = Set.of("time", "duration", "period", "stay", "delay", "interval",
            "span", "lifespan", "window");
    private static final Set<String> YEAR_WORDS = Set.of("year", "decade", "century");
    private static final Set<String> DATE_WORDS = Set.of("date", "day", "month");
    private static final Set<String> NAME_WORDS = Set.of("name", "title", "nickname", "surname");
    private static final Set<String> SUPERLATIVES = Set.of("first", "last", "most", "least", "highest", "lowest",
            "largest", "smallest", "biggest", "oldest", "youngest", "earliest", "latest", "best", "worst", "longest",
            "shortest", "only", "top", "greatest", "fewest", "main", "leading");
    private static final Set<String> GENERIC_CLASSES = Set.of("kind", "kinds", "type", "types", "sort", "form",
            "forms", "factor", "factors", "role", "way", "ways", "part", "parts", "difference", "differences",
            "condition", "conditions", "resource", "resources", "method", "methods", "effect", "effects", "benefit",
            "benefits", "purpose", "reason", "reasons", "aspect", "aspects", "feature", "features", "step", "steps",
            "thing", "things", "problem", "problems", "issue", "issues", "measures", "strategies", "strategy",
            "mechanism", "mechanisms", "advantage", "advantages", "impact", "symptoms", "causes", "challenges");
    /** Verbs that follow "what" as its subject ("what makes …", "what causes …"): no class is asked for. */
    private static final Set<String> WH_VERBS = Set.of("makes", "made", "causes", "caused", "determines", "suggests",
            "supports", "happens", "happened", "gives", "gave", "takes", "took", "contains", "includes", "leads", "led",
            "allows", "prevents", "affects", "controls", "produces", "produced", "creates", "created", "keeps", "means",
            "occurs", "occurred", "follows", "followed", "replaced", "became", "becomes", "remains", "comes", "came");
    private static final Set<String> DURATION_VERBS = Set.of("take", "takes", "took", "last", "lasts", "lasted",
            "stay", "stays", "stayed", "live", "lives", "lived", "wait", "waits", "remain", "remains", "survive",
            "survives", "keep", "kept", "incubate", "persist", "persists", "run", "runs", "ran", "serve", "served",
            "reign", "reigned", "waited");
    private static final Set<String> VERBS = Set.of("speak", "speaks", "sell", "sold", "die", "live", "lived", "work",
            "worked", "attend", "go", "went", "come", "came", "take", "took", "make", "made", "get", "got", "win", "won",
            "fall", "fell", "run", "ran", "serve", "receive", "become", "became", "remain", "sit", "sat", "hold",
            "held", "contain", "contains", "occur", "leave", "left", "see", "saw", "visit", "play", "played");
    private static final Pattern FIGURE = Pattern.compile("\\d+(?:[.,]\\d+)*");
    private static final Pattern CAPITALISED = Pattern.compile("[\\p{Lu}][\\p{L}\\p{N}]*(?:[-'’][\\p{L}\\p{N}]+)*|"
            + "[\\p{L}]*\\d[\\p{L}\\p{N}-]*");
    private static final Set<String> NOT_ANCHORS = Set.of("what", "which", "who", "whom", "whose", "when", "where",
            "why", "how", "in", "on", "at", "of", "the", "a", "an", "and", "after", "before", "during", "according",
            "by", "for", "from", "to", "is", "was", "were", "are", "did", "does", "do", "roughly", "approximately");

    /**
     * The analysis of {@code query} as the host read it once, in the question's language (its {@link Query#attribute
     * attribute}); for a query the host did not analyse (one a test or a plugin made), the English reading of its text.
     *
     * @since 1.9.0
     */
    public static QuestionAnalysis of(Query query) {
        return query.attribute(QuestionAnalysis.class).orElseGet(() -> of(query.text()));
    }

    /** The English reading of {@code question}: what {@link #of(Query)} falls back on. */
    public static QuestionAnalysis of(String question) {
        // a guardrail's placeholders ("[EMAIL]") stand for what was asked about, not for a name a passage must hold
        String text = question == null ? "" : io.corrigo.api.Redaction.withoutPlaceholders(question).strip();
        List<String> words = Terms.tokens(text.replace("'s ", " ").replace("’s ", " "));
        AnswerType type = AnswerType.OTHER;
        List<String> focusTerms = List.of();
        String head = null;
        String focus = null;
        boolean yesNo = !words.isEmpty() && AUXILIARIES.contains(words.get(0));
        int wh = yesNo ? -1 : firstOf(words, "what", "which", "who", "whom", "whose", "when", "where", "why", "how");
        String first = wh >= 0 ? words.get(wh) : "";
        String afterHow = first.equals("how") && wh + 1 < words.size() ? words.get(wh + 1) : "";
        if (afterHow.equals("many")) {
            type = AnswerType.COUNT;
            head = countedNoun(words, wh + 2);
            focus = "count of " + (head == null ? "?" : head);
        } else if (afterHow.equals("much")) {
            boolean money = words.stream().anyMatch(MONEY_WORDS::contains);
            type = money ? AnswerType.MONEY : AnswerType.QUANTITY;
            focus = money ? "amount of money" : "amount";
            // "earn from the show's syndication royalties": what the money is for
            int from = -1;
            for (int k = wh + 2; k < words.size(); k++) {
                if (money && Set.of("from", "for", "on").contains(words.get(k))) {
                    from = k;
                    break;
                }
            }
            if (from > 0) {
                List<String> what = new ArrayList<>();
                for (int k = from + 1; k < words.size() && what.size() < 3; k++) {
                    if (!Terms.isStopWord(words.get(k)) && !anchorWord(text, words.get(k))) {
                        what.add(words.get(k));
                    }
                }
                focusTerms = what;
            }
        } else if (afterHow.equals("old")) {
            type = AnswerType.AGE;
            focus = "age";
        } else if (afterHow.equals("often")) {
            type = AnswerType.DURATION;
            focus = "frequency";
        } else if (afterHow.equals("long")) {
            // "how long did they stay" asks a time; "how long is the tunnel" a length or a time
            boolean time = words.stream().anyMatch(DURATION_VERBS::contains)
                    || wh + 2 < words.size() && Set.of("did", "does", "do", "will", "would", "can", "could", "should",
                    "has", "have", "had", "must").contains(words.get(wh + 2));
            type = time ? AnswerType.DURATION : AnswerType.QUANTITY;
            head = time ? null : "long";
            focus = time ? "duration" : "length or duration";
        } else if (Set.of("far", "tall", "high", "big", "large", "deep", "wide", "heavy").contains(afterHow)) {
            type = AnswerType.QUANTITY;
            head = afterHow;
            focus = afterHow;
        } else if (first.equals("how")) {
            type = AnswerType.REASON;
            focus = "mechanism";
        } else if (first.equals("when")) {
            type = AnswerType.DATE;
            focus = "date";
        } else if (first.equals("who") || first.equals("whom") || first.equals("whose")) {
            type = AnswerType.PERSON;
            focus = "person";
        } else if (first.equals("where")) {
            type = AnswerType.PLACE;
            focus = "place";
        } else if (first.equals("why")) {
            type = AnswerType.REASON;
            focus = "reason";
        } else if ((first.equals("what") || first.equals("which")) && !words.isEmpty()
                && Set.of("called", "named", "nicknamed", "titled").contains(words.get(words.size() - 1))) {
            type = AnswerType.NAME; // "What is the guest network called?"
            focus = "name";
        } else if (first.equals("what") || first.equals("which")) {
            Typed typed = whatType(words, wh);
            focusTerms = typed.type().numeric() || typed.type() == AnswerType.YEAR || typed.type() == AnswerType.DATE
                    ? typed.terms() : List.of();
            type = typed.type();
            head = typed.head();
            focus = typed.focus();
        } else if (yesNo) {
            type = AnswerType.YES_NO;
            focus = "yes or no";
        }
        if (type == AnswerType.DATE && words.stream().anyMatch(w -> w.equals("year") || w.equals("decade") || w.equals("century"))) {
            type = AnswerType.YEAR;
            focus = "year";
        }
        // a superlative of the question's own words, not of a name ("First World War")
        String superlative = Terms.tokens(text.replaceAll("\\b\\p{Lu}[\\p{L}]*", " ")).stream()
                .filter(SUPERLATIVES::contains).findFirst().orElse(null);
        return new QuestionAnalysis(text, type, head, focus == null ? type.name().toLowerCase(Locale.ROOT) : focus,
                anchors(text), figures(text), constraints(text), superlative, focusTerms);
    }

    private static final Pattern COORDINATED = Pattern.compile("\\b\\p{Lu}[\\p{L}\\p{N}'’-]*,?\\s+(?:and|or)\\s+"
            + "(?:(?:in|at|for|of|on)\\s+)?(?:the\\s+)?\\p{Lu}");

    /** Whether the question asks about two or more named things at once ("in London and in Berlin"). */
    public boolean coordinated() {
        return COORDINATED.matcher(question).find();
    }

    /**
     * Whether the type can be checked in a sentence by form: a figure, a date, a name. The forms {@link Sufficiency}
     * knows are English ones (month names, units, "years old"); for a question read in another language only the
     * types whose answers are written alike in every language are checked: a count, a sum of money, a percentage and
     * a year. The others are left to the grader's model.
     */
    public boolean structural() {
        return type.structural() && (english() || WRITTEN_ALIKE.contains(type));
    }

    /** Answer types whose candidates are digits with a noun, a currency or a percent sign in any language. */
    private static final Set<AnswerType> WRITTEN_ALIKE = Set.of(AnswerType.COUNT, AnswerType.MONEY,
            AnswerType.PERCENTAGE, AnswerType.YEAR);

    /** "type COUNT, focus count of patients, anchors [california], figures [30]" for traces. */
    public String describe() {
        return "type " + type + ", focus " + focus + (anchors.isEmpty() ? "" : ", anchors " + anchors)
                + (figures.isEmpty() ? "" : ", figures " + figures) + (superlative == null ? "" : ", " + superlative);
    }

    private record Typed(AnswerType type, String head, String focus, List<String> terms) {

        Typed(AnswerType type, String head, String focus) {
            this(type, head, focus, List.of());
        }

        Typed with(List<String> group) {
            return new Typed(type, head, focus, group.stream().filter(w -> !NOT_FOCUS.contains(w) && w.length() > 2).toList());
        }
    }

    /** "What/which …" questions: the noun after the wh-word (or after "the … of") decides. */
    private static Typed whatType(List<String> words, int wh) {
        return whatTypeOf(words, wh);
    }

    private static Typed whatTypeOf(List<String> words, int wh) {
        // the asked noun group: "what year", "what was the median turnaround time", "which animal"
        List<String> group = new ArrayList<>();
        int i = wh + 1;
        while (i < words.size() && (AUXILIARIES.contains(words.get(i)) || Set.of("the", "a", "an", "its", "their", "his",
                "her").contains(words.get(i)))) {
            i++;
        }
        boolean noun = i == wh + 1; // "which virus" rather than "what was the virus"
        while (i < words.size() && group.size() < 4 && !AUXILIARIES.contains(words.get(i))
                && !Set.of("of", "in", "for", "that", "to", "from", "on", "at", "by", "with", "among", "per").contains(words.get(i))) {
            group.add(words.get(i));
            i++;
        }
        if (group.isEmpty()) {
            return new Typed(AnswerType.DEFINITION, null, "definition");
        }
        return typeOfGroup(words, group, i, noun).with(group);
    }

    private static Typed typeOfGroup(List<String> words, List<String> group, int i, boolean noun) {
        for (String w : group) {
            if (PERCENT_WORDS.contains(w)) {
                return new Typed(AnswerType.PERCENTAGE, null, "percentage");
            }
        }
        for (String w : group) {
            if (w.equals("age")) {
                return new Typed(AnswerType.AGE, null, "age");
            }
            if (YEAR_WORDS.contains(w)) {
                return new Typed(AnswerType.YEAR, null, "year");
            }
            if (DATE_WORDS.contains(w)) {
                return new Typed(AnswerType.DATE, null, "date");
            }
            if (DURATION_WORDS.contains(w)) {
                return new Typed(AnswerType.DURATION, null, "duration (" + String.join(" ", group) + ")");
            }
            if (QUANTITY_WORDS.contains(w)) {
                return new Typed(AnswerType.QUANTITY, w, w);
            }
            if (MONEY_WORDS.contains(w)) {
                return new Typed(AnswerType.MONEY, null, "amount of money (" + w + ")");
            }
            if (NUMBER_WORDS.contains(w)) {
                String of = i < words.size() && words.get(i).equals("of") ? countedNoun(words, i + 1) : null;
                return new Typed(AnswerType.QUANTITY, null, w + (of == null ? "" : " of " + of));
            }
            if (NAME_WORDS.contains(w)) {
                // "the name of the high school": the named thing's class
                boolean common = i + 1 < words.size() && words.get(i).equals("of") && Set.of("the", "a", "an", "this", "that", "its")
                        .contains(words.get(i + 1));
                String of = common ? countedNoun(words, i + 1) : null;
                return new Typed(AnswerType.NAME, of, String.join(" ", group) + (of == null ? "" : " of " + of));
            }
        }
        String last = group.get(group.size() - 1);
        String first = group.get(0);
        if (PLACE_CLASSES.contains(first) || PLACE_CLASSES.contains(last)) {
            return new Typed(AnswerType.PLACE, last, "place (" + last + ")");
        }
        if (ORGANISATION_CLASSES.contains(first) || ORGANISATION_CLASSES.contains(last)) {
            return new Typed(AnswerType.ORGANISATION, last, "organisation (" + last + ")");
        }
        boolean verb = WH_VERBS.contains(first) || group.size() > 1 && first.endsWith("s") && Set.of("the", "a", "an", "that").contains(group.get(1))
                || i < words.size() && words.get(i).equals("that") && first.endsWith("s");
        if (noun && !verb && !GENERIC_CLASSES.contains(first)) {
            // "which animal's liver cells", "what breed": the class is the first noun
            return new Typed(AnswerType.ENTITY, first, "which " + first);
        }
        return new Typed(AnswerType.DEFINITION, null, "definition of " + String.join(" ", group));
    }

    /** The noun a "how many" counts: the last word of the group after it ("riot police", "of the 30 patients"). */
    private static String countedNoun(List<String> words, int from) {
        int i = from;
        if (i < words.size() && words.get(i).equals("of")) {
            i++;
        }
        String last = null;
        for (; i < words.size(); i++) {
            String w = words.get(i);
            if (AUXILIARIES.contains(w) || Set.of("and", "or", "with", "in", "of", "from", "for", "to", "on", "at",
                    "during", "per", "that", "who", "which", "long", "old", "were", "does", "where", "when", "whose", "whom")
                    .contains(w)) {
                if (last != null) {
                    break;
                }
                continue;
            }
            if (Set.of("the", "a", "an", "these", "those", "its", "their").contains(w) || FIGURE.matcher(w).matches()) {
                continue;
            }
            if (last != null && (VERBS.contains(w) || w.length() > 3 && w.endsWith("ed"))) {
                break; // "how many people speak", "how many patients tested positive"
            }
            last = w;
        }
        return last;
    }

    /** Whether {@code word} is written with a capital in the question (a name, not an attribute). */
    private static boolean anchorWord(String question, String word) {
        return Pattern.compile("\\b" + Pattern.quote(word) + "\\b", Pattern.CASE_INSENSITIVE).matcher(question).results()
                .anyMatch(r -> Character.isUpperCase(r.group().charAt(0)));
    }

    private static int firstOf(List<String> words, String... candidates) {
        for (int i = 0; i < words.size(); i++) {
            for (String c : candidates) {
                if (words.get(i).equals(c)) {
                    return i;
                }
            }
        }
        return -1;
    }

    /**
     * The capitalised terms and codes of the question after its first word, grouped into phrases ("Magna Carta Holy
     * Grail", "COVID-19"), lower case.
     */
    private static List<String> anchors(String question) {
        Set<String> anchors = new LinkedHashSet<>();
        Matcher m = CAPITALISED.matcher(question);
        StringBuilder phrase = new StringBuilder();
        int lastEnd = -1;
        while (m.find()) {
            String word = m.group();
            boolean first = question.substring(0, m.start()).isBlank();
            boolean skip = first || NOT_ANCHORS.contains(word.toLowerCase(Locale.ROOT)) || FIGURE.matcher(word).matches();
            boolean adjacent = lastEnd >= 0 && question.substring(lastEnd, m.start()).matches("\\s+|\\s*(?:of|de|the)\\s+");
            if (skip || !adjacent) {
                if (!phrase.isEmpty()) {
                    anchors.add(phrase.toString().toLowerCase(Locale.ROOT));
                    phrase.setLength(0);
                }
            }
            if (!skip) {
                phrase.append(phrase.isEmpty() ? "" : " ").append(word);
                lastEnd = m.end();
            } else {
                lastEnd = -1;
            }
        }
        if (!phrase.isEmpty()) {
            anchors.add(phrase.toString().toLowerCase(Locale.ROOT));
        }
        anchors.removeIf(a -> a.length() < 2);
        return List.copyOf(anchors);
    }

    private static List<String> constraints(String question) {
        List<String> found = new ArrayList<>();
        Matcher m = CONSTRAINT.matcher(question);
        while (m.find()) {
            found.add(m.group(1).toLowerCase(Locale.ROOT));
        }
        return found;
    }

    private static List<String> figures(String question) {
        Set<String> figures = new LinkedHashSet<>();
        // standalone figures: not the "19" of "COVID-19" or the "2019" of "2019-nCoV"
        Matcher m = Pattern.compile("(?<![\\p{L}\\d.,-])\\d+(?:[.,]\\d+)*(?![\\p{L}\\d]|-\\p{L})").matcher(question);
        while (m.find()) {
            figures.add(m.group().replace(",", ""));
        }
        return List.copyOf(figures);
    }
}

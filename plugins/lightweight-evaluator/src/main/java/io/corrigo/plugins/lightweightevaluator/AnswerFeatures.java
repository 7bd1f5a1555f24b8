package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.Embedding;
import io.corrigo.api.TermStatistics;
import io.corrigo.api.text.LexicalCoverage;
import io.corrigo.api.text.Terms;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What speaks to whether a sentence or a passage <em>answers</em> a question, rather than resembling it: the
 * features of the answerhood grader ({@link AnswerhoodModel}). One instance per question; {@link #sentence} and
 * {@link #passage} turn candidates into feature vectors in the order of {@link #NAMES}.
 *
 * <ul>
 *   <li><b>coverage</b>: IDF-weighted share of the question's content words in the text (a missing rare word is
 *       costly), and the weight of the rarest word that is missing;</li>
 *   <li><b>bigrams</b>: share of the question's adjacent content-word pairs found in the text (word order);</li>
 *   <li><b>cosine</b>: embedding similarity of question and sentence (or passage);</li>
 *   <li><b>answer type</b>: what the question asks for (who → a name, when → a date or year, how many/much → a
 *       number, where → a place name) present in the text <em>outside</em> the words of the question: a
 *       sentence that only repeats the question has no answer in it;</li>
 *   <li><b>novelty</b>: share of the text's content words that the question does not contain;</li>
 *   <li><b>negation mismatch</b>: one of question and text is negated, the other not.</li>
 * </ul>
 * Feature vectors are computed identically when the model is fitted (the repository's {@code FitAnswerhood}) and
 * when it runs, so the weights it ships stay meaningful.
 */
public final class AnswerFeatures {

    /** The feature names, in vector order (the same for sentences and passages; see {@link #passage}). */
    public static final List<String> NAMES = List.of(
            "coverage", "bigramCoverage", "missingRareTerm", "cosine", "typeMatch", "novelty", "negationMismatch",
            "passageCoverage", "passageCosine", "bestCosineInPassage", "bestCoverageInPassage", "questionLength",
            "coverageXcosine", "typeXcoverage");

    /** What a question asks for, from its wh-word. */
    public enum AnswerType { PERSON, DATE, NUMBER, PLACE, OTHER }

    private static final Pattern YEAR = Pattern.compile("\\b(1[5-9]\\d\\d|20\\d\\d)s?\\b");
    private static final Pattern MONTH = Pattern.compile(
            "\\b(january|february|march|april|may|june|july|august|september|october|november|december|"
                    + "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\\b");
    private static final Pattern CENTURY = Pattern.compile("\\b\\d{1,2}(st|nd|rd|th) centur|\\bcentur(y|ies)\\b|\\bdecade");
    private static final Pattern NUMBER = Pattern.compile("\\d|\\b(one|two|three|four|five|six|seven|eight|nine|ten|"
            + "eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen|half|several)\\b");
    private static final Pattern CAPITALISED = Pattern.compile("\\b\\p{Lu}[\\p{L}'’.-]+");
    private static final Set<String> NEGATIONS = Set.of("not", "no", "never", "none", "nor", "without", "cannot",
            "neither", "nobody", "nothing");

    private final List<String> terms;
    /** The stems of {@link #terms}, in the same order (stemmed once, not per candidate). */
    private final String[] termStems;
    private final Set<String> questionStems;
    private final List<String[]> bigrams;
    private final double[] weights;
    private final double totalWeight;
    private final double maxWeight;
    private final AnswerType type;
    private final boolean negated;
    private final Embedding question;
    private final TermStatistics statistics;

    /**
     * @param question   the question
     * @param embedding  its embedding, or {@code null} (the cosine features are then 0)
     * @param statistics IDF of the corpus the candidates come from
     */
    public AnswerFeatures(String question, Embedding embedding, TermStatistics statistics) {
        this(question, embedding, statistics, null);
    }

    /**
     * As {@link #AnswerFeatures(String, Embedding, TermStatistics)}, with the question's analysis: a question read in a
     * language other than English takes its answer type from the analysis (this class's own rules read English).
     */
    public AnswerFeatures(String question, Embedding embedding, TermStatistics statistics,
                          io.corrigo.api.answer.QuestionAnalysis analysis) {
        this.question = embedding;
        this.statistics = statistics == null ? TermStatistics.UNIFORM : statistics;
        this.terms = Terms.contentTerms(question);
        this.questionStems = new HashSet<>();
        for (String token : Terms.tokens(question)) {
            questionStems.add(LexicalCoverage.stem(token));
        }
        this.termStems = terms.stream().map(LexicalCoverage::stem).toArray(String[]::new);
        this.weights = new double[terms.size()];
        double total = 0;
        double max = 0;
        for (int i = 0; i < terms.size(); i++) {
            weights[i] = Math.max(0.05, this.statistics.inverseDocumentFrequency(terms.get(i)));
            total += weights[i];
            max = Math.max(max, weights[i]);
        }
        this.totalWeight = total;
        this.maxWeight = max;
        this.bigrams = new ArrayList<>();
        for (int i = 0; i + 1 < terms.size(); i++) {
            bigrams.add(new String[] {termStems[i], termStems[i + 1]});
        }
        this.type = analysis == null || analysis.english() ? answerType(question) : coarse(analysis.type());
        this.negated = negated(Terms.tokens(question));
    }

    /** What {@code question} asks for. */
    /** The feature's coarse type of an analysis's answer type. */
    static AnswerType coarse(io.corrigo.api.answer.AnswerType asked) {
        return switch (asked) {
            case COUNT, MONEY, PERCENTAGE, QUANTITY, AGE, DURATION -> AnswerType.NUMBER;
            case DATE, YEAR -> AnswerType.DATE;
            case PERSON -> AnswerType.PERSON;
            case PLACE -> AnswerType.PLACE;
            default -> AnswerType.OTHER;
        };
    }

    public static AnswerType answerType(String question) {
        String q = " " + question.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} ]", " ") + " ";
        if (q.matches(".* how (many|much|long|old|far|large|big|tall|high|often) .*")
                || q.matches(".* (what|which) (percentage|percent|proportion|number|amount|size|rate) .*")) {
            return AnswerType.NUMBER;
        }
        if (q.matches(".* when .*") || q.matches(".* (what|which) (year|date|day|month|time|century|decade|period) .*")) {
            return AnswerType.DATE;
        }
        if (q.matches(".* (who|whom|whose) .*")) {
            return AnswerType.PERSON;
        }
        if (q.matches(".* where .*") || q.matches(".* (what|which) (country|city|state|place|region|continent) .*")) {
            return AnswerType.PLACE;
        }
        return AnswerType.OTHER;
    }

    /** The features of one sentence: the passage-level ones are those of the sentence alone. */
    public double[] sentence(String text, Embedding embedding) {
        Scored s = score(text, embedding);
        return vector(s, s.coverage, s.cosine, s.cosine, s.coverage);
    }

    /**
     * The features of one sentence within its passage ({@code passage} from {@link #passageContext}): what the
     * sentence-selection head of the model reads.
     */
    public double[] sentenceInPassage(String text, Embedding embedding, PassageContext passage) {
        Scored s = score(text, embedding);
        return vector(s, passage.coverage, passage.cosine, passage.bestCosine, passage.bestCoverage);
    }

    /**
     * The features of a passage: its best sentence (by coverage plus cosine) stands for it in the sentence
     * features, beside the passage's own coverage and cosine and its best per-sentence values.
     *
     * @param text               the passage text
     * @param embedding          the passage embedding, or {@code null}
     * @param sentences          its sentences
     * @param sentenceEmbeddings their embeddings (entries may be {@code null})
     */
    public double[] passage(String text, Embedding embedding, List<String> sentences, List<Embedding> sentenceEmbeddings) {
        PassageContext context = passageContext(text, embedding, sentences, sentenceEmbeddings);
        return vector(context.best, context.coverage, context.cosine, context.bestCosine, context.bestCoverage);
    }

    /** The passage-level values that every sentence of the passage shares. */
    public PassageContext passageContext(String text, Embedding embedding, List<String> sentences,
                                         List<Embedding> sentenceEmbeddings) {
        double coverage = coverage(stems(text));
        double cosine = cosine(embedding);
        Scored best = null;
        String bestText = text;
        double bestCosine = cosine;
        double bestCoverage = 0;
        for (int i = 0; i < sentences.size(); i++) {
            // the answer type is read for the best sentence only: it does not choose it
            Scored s = score(sentences.get(i), i < sentenceEmbeddings.size() ? sentenceEmbeddings.get(i) : null, false);
            bestCosine = Math.max(bestCosine, s.cosine);
            bestCoverage = Math.max(bestCoverage, s.coverage);
            if (best == null || s.coverage + s.cosine > best.coverage + best.cosine) {
                best = s;
                bestText = sentences.get(i);
            }
        }
        best = best == null ? score(text, embedding) : best.withTypeMatch(typeMatch(bestText));
        return new PassageContext(coverage, cosine, bestCosine, bestCoverage, best);
    }

    /** Passage-level values shared by the sentences of one passage. */
    public record PassageContext(double coverage, double cosine, double bestCosine, double bestCoverage, Scored best) {
    }

    private double[] vector(Scored s, double passageCoverage, double passageCosine, double bestCosine, double bestCoverage) {
        return new double[] {
                s.coverage, s.bigrams, s.missingRare, s.cosine, s.typeMatch, s.novelty, s.negationMismatch,
                passageCoverage, passageCosine, bestCosine, bestCoverage, Math.log1p(terms.size()),
                s.coverage * s.cosine, s.typeMatch * s.coverage};
    }

    /** The per-text values. */
    public record Scored(double coverage, double bigrams, double missingRare, double cosine, double typeMatch,
                         double novelty, double negationMismatch) {

        Scored withTypeMatch(double value) {
            return new Scored(coverage, bigrams, missingRare, cosine, value, novelty, negationMismatch);
        }
    }

    private Scored score(String text, Embedding embedding) {
        return score(text, embedding, true);
    }

    private Scored score(String text, Embedding embedding, boolean withType) {
        // one pass over the words: every stem, and the content words' stems in order (for word pairs)
        List<String> tokens = Terms.tokens(text);
        Set<String> stems = new HashSet<>();
        List<String> contentStems = new ArrayList<>();
        int fresh = 0;
        for (String token : tokens) {
            String stem = LexicalCoverage.stem(token);
            stems.add(stem);
            if (!Terms.isStopWord(token)) {
                contentStems.add(stem);
                if (!questionStems.contains(stem)) {
                    fresh++;
                }
            }
        }
        double coverage = coverage(stems);
        double missing = 0;
        for (int i = 0; i < terms.size(); i++) {
            if (!stems.contains(termStems[i])) {
                missing = Math.max(missing, weights[i]);
            }
        }
        Set<String> adjacentPairs = new HashSet<>();
        for (int i = 0; i + 1 < contentStems.size(); i++) {
            adjacentPairs.add(contentStems.get(i) + ' ' + contentStems.get(i + 1));
        }
        double found = 0;
        for (String[] pair : bigrams) {
            if (adjacentPairs.contains(pair[0] + ' ' + pair[1])) {
                found++;
            }
        }
        int content = contentStems.size();
        return new Scored(coverage, bigrams.isEmpty() ? coverage : found / bigrams.size(),
                maxWeight == 0 ? 0 : missing / maxWeight, cosine(embedding), withType ? typeMatch(text) : 0,
                content == 0 ? 0 : fresh / (double) content, negated(tokens) != negated ? 1 : 0);
    }

    /** 1 when the text holds what the question asks for in words the question does not use; a weaker 0.5 for a hint. */
    double typeMatch(String text) {
        String outside = withoutQuestionWords(text);
        String lower = outside.toLowerCase(Locale.ROOT);
        return switch (type) {
            case DATE -> YEAR.matcher(lower).find() || MONTH.matcher(lower).find() ? 1
                    : CENTURY.matcher(lower).find() ? 0.5 : 0;
            case NUMBER -> NUMBER.matcher(lower).find() ? 1 : 0;
            case PERSON, PLACE -> capitalised(outside) ? 1 : 0;
            case OTHER -> Terms.contentTerms(outside).size() >= 3 ? 1 : 0;
        };
    }

    private boolean capitalised(String text) {
        Matcher m = CAPITALISED.matcher(text);
        int start = 0;
        while (m.find()) {
            // a capital after a sentence start is no name
            if (m.start() > start + 1) {
                return true;
            }
        }
        return false;
    }

    /**
     * The text with each word (split at white space) whose letters and digits stem to a question word replaced by "_";
     * what {@code text.split("\\s+")} with a regular expression per word gave, in one pass.
     */
    private String withoutQuestionWords(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        StringBuilder bare = new StringBuilder();
        int n = text.length();
        int i = 0;
        if (n > 0 && space(text.charAt(0))) {
            out.append(' '); // split's leading empty word
        }
        while (i < n) {
            while (i < n && space(text.charAt(i))) {
                i++;
            }
            int start = i;
            bare.setLength(0);
            while (i < n && !space(text.charAt(i))) {
                int c = text.codePointAt(i);
                if (Character.isLetter(c) || isNumber(c)) {
                    bare.appendCodePoint(c);
                }
                i += Character.charCount(c);
            }
            if (start == i) {
                break;
            }
            if (bare.isEmpty() || !questionStems.contains(LexicalCoverage.stem(bare.toString()))) {
                out.append(text, start, i).append(' ');
            } else {
                out.append("_ ");
            }
        }
        return out.toString();
    }

    /** What {@code \\s} matches. */
    private static boolean space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** What {@code \\p{N}} matches. */
    private static boolean isNumber(int c) {
        int type = Character.getType(c);
        return type == Character.DECIMAL_DIGIT_NUMBER || type == Character.LETTER_NUMBER || type == Character.OTHER_NUMBER;
    }

    private double coverage(Set<String> stems) {
        if (terms.isEmpty()) {
            return 0;
        }
        double found = 0;
        for (int i = 0; i < terms.size(); i++) {
            if (stems.contains(termStems[i])) {
                found += weights[i];
            }
        }
        return found / totalWeight;
    }

    private double cosine(Embedding embedding) {
        return question == null || embedding == null ? 0 : question.cosine(embedding);
    }

    private static Set<String> stems(String text) {
        Set<String> stems = new HashSet<>();
        for (String token : Terms.tokens(text)) {
            stems.add(LexicalCoverage.stem(token));
        }
        return stems;
    }

    private static boolean negated(List<String> tokens) {
        for (String token : tokens) {
            if (NEGATIONS.contains(token) || token.equals("t")) { // "t" is what is left of "n't"
                return true;
            }
        }
        return false;
    }
}

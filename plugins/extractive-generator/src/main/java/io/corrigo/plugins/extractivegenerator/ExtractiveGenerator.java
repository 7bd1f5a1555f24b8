package io.corrigo.plugins.extractivegenerator;

import io.corrigo.api.Answer;
import io.corrigo.api.Citation;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Generator;
import io.corrigo.api.Query;
import io.corrigo.api.answer.AnswerCandidate;
import io.corrigo.api.answer.QuestionAnalysis;
import io.corrigo.api.answer.Sufficiency;
import io.corrigo.api.text.Boilerplate;
import io.corrigo.api.text.LexicalCoverage;
import io.corrigo.api.text.Sentences;
import io.corrigo.api.text.Snippets;
import io.corrigo.api.text.Terms;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Quotes the sentences of the context that answer the question, the best one first.
 *
 * <p>Every context sentence gets a support score: the mean of its cosine similarity to the question (rescaled
 * from [0.15, 0.75]) and the IDF-weighted share of the question's words it contains. Sentences are ranked by support
 * weighted by the evaluator's relevance of their strip (in a corrective run, the probability that the sentence
 * answers the question), so the answer leads with the answering sentence, not the one most like the question.
 * The best sentence must reach {@code minSupport}, or the generator abstains; up to {@code maxSentences} − 1 more
 * within 85% of its support follow it in context order, each followed by its {@code [n]} marker. Fragments (a
 * heading, a few words), questions (a snippet that asks states nothing) and repeats are never quoted.
 *
 * <p>When the question asks a detail that can be recognised by form (a figure, a date, a name: {@link Sufficiency}),
 * only sentences that hold a candidate of that type for the question's focus are quoted, and the answer leads with the
 * short answer ("19 of 30 patients [1]." then the sentence); with no such sentence the generator abstains, naming
 * what the sources do not state, rather than quote a sentence about the topic that does not answer.
 */
final class ExtractiveGenerator implements Generator {

    static final double DEFAULT_MIN_SUPPORT = 0.4;
    /** A sentence of fewer words is a fragment. */
    static final int MIN_WORDS = 4;
    /** Joins quoted sentences of one source that are not adjacent in it. */
    static final String QUOTE_GAP = " … ";
    static final String ABSTENTION = "The sources available to me do not answer this question.";
    /** The abstention when the sources are about the question but do not state the asked detail. */
    static final String ABSTENTION_DETAIL = "The sources available to me do not state the %s asked about.";
    /** The reply to a greeting or thanks, when the pipeline skipped retrieval: an extractive generator has no words of its own. */
    static final String CONVERSATIONAL = "Hello! I answer questions from this knowledge base and cite my sources. "
            + "What would you like to know?";

    /** {@link #ABSTENTION} in German. */
    static final String ABSTENTION_DE = "Die mir vorliegenden Quellen beantworten diese Frage nicht.";

    /**
     * Why nothing is answered, in the question's language where this generator has it (English, German): naming the
     * asked detail in English; in German without it (the detail's words come from the English question analysis).
     */
    static String abstention(String language, String focus) {
        if ("de".equals(language)) {
            return ABSTENTION_DE;
        }
        return focus == null ? ABSTENTION : ABSTENTION_DETAIL.formatted(focus);
    }

    private final EmbeddingService embeddings;
    private final int maxSentences;
    private final double minSupport;

    ExtractiveGenerator(EmbeddingService embeddings, int maxSentences, double minSupport) {
        this.embeddings = embeddings;
        this.maxSentences = maxSentences;
        this.minSupport = minSupport;
    }

    private record Candidate(int order, String text, ContextStrip strip, double support, AnswerCandidate answer) {
    }

    @Override
    public Answer generate(GenerationRequest request) {
        if (request.retrievalSkipped()) {
            return new Answer(CONVERSATIONAL, List.of(), false);
        }
        Set<String> avoid = rejected(request.feedback());
        QuestionAnalysis analysis = QuestionAnalysis.of(request.query());
        List<Candidate> candidates = candidates(request.query(), request.context(), analysis).stream()
                .filter(c -> !avoid.contains(normalise(c.text())))
                .toList();
        String language = io.corrigo.api.text.Languages.detect(request.query().text()).orElse("en");
        if (candidates.isEmpty()) {
            return Answer.abstain(abstention(language, null));
        }
        if (analysis.structural()) {
            candidates = candidates.stream().filter(c -> c.answer() != null).toList();
            if (candidates.isEmpty()) {
                return Answer.abstain(abstention(language, analysis.focus()));
            }
        }
        double topRelevance = candidates.stream().mapToDouble(c -> c.strip().relevance()).max().orElse(0);
        List<Candidate> ranked = new ArrayList<>(candidates);
        ranked.sort(Comparator.comparingDouble((Candidate c) -> rank(c, topRelevance)).reversed());
        Candidate best = ranked.get(0);
        // a sentence holding the asked detail needs less word overlap than one judged by overlap alone
        if (best.support() < (best.answer() != null ? minSupport / 4 : minSupport)) {
            return Answer.abstain(abstention(language, null));
        }
        List<Candidate> chosen = new ArrayList<>();
        chosen.add(best);
        ranked.stream().skip(1)
                .filter(c -> c.support() >= Math.max(c.answer() != null ? minSupport / 4 : minSupport, best.support() * 0.85))
                .limit(maxSentences - 1L)
                .sorted(Comparator.comparingInt(Candidate::order))
                .forEach(chosen::add);

        StringBuilder text = new StringBuilder();
        Map<Integer, Citation> citations = new LinkedHashMap<>();
        if (best.answer() != null && statesAValue(best.answer().text()) && (analysis.type().numeric()
                || analysis.type() == io.corrigo.api.answer.AnswerType.YEAR || analysis.type() == io.corrigo.api.answer.AnswerType.DATE)) {
            // the short answer first for a figure or a date: its binding makes it the asked one
            text.append(best.answer().text()).append(" [").append(best.strip().citation()).append("].");
        }
        for (Candidate c : chosen) {
            text.append(text.isEmpty() ? "" : " ").append(c.text()).append(" [").append(c.strip().citation()).append(']');
            citations.merge(c.strip().citation(), new Citation(c.strip().citation(), c.strip().source(), c.text()),
                    (a, b) -> new Citation(a.number(), a.source(), a.quote() + QUOTE_GAP + b.quote()));
        }
        return new Answer(text.toString(), List.copyOf(citations.values()), false);
    }

    /** The sentences a critic's feedback lists ("- sentence [n]" lines), normalised, markers removed. */
    static Set<String> rejected(String feedback) {
        if (feedback == null) {
            return Set.of();
        }
        Set<String> result = new HashSet<>();
        for (String line : feedback.split("\\n")) {
            if (line.startsWith("- ")) {
                result.add(normalise(line.substring(2)));
            }
        }
        return result;
    }

    /** Words that state a figure without digits ("twelve patients", "half of them", "a dozen"). */
    private static final java.util.regex.Pattern FIGURE_WORD = java.util.regex.Pattern.compile("(?i)\\b(one|two|three|four"
            + "|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
            + "|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|half|quarter|third"
            + "|dozen|once|twice|none)\\b");

    /**
     * Whether a figure's or a date's short answer states one: a digit or a number word. A span without ("in proportion")
     * leads nothing; the sentence is quoted alone.
     */
    static boolean statesAValue(String span) {
        return span.chars().anyMatch(Character::isDigit) || FIGURE_WORD.matcher(span).find();
    }

    /** A heading, boilerplate or a few words: nothing to quote as an answer. */
    static boolean isFragment(String sentence) {
        int words = Terms.tokens(sentence).size();
        return words < MIN_WORDS || (words <= 8 && Boilerplate.looksLikeHeading(sentence))
                || Boilerplate.isBoilerplate(sentence);
    }

    private static String normalise(String sentence) {
        return sentence.replaceAll("\\[\\d+\\]", "").replaceAll("\\s+", " ").strip().toLowerCase(java.util.Locale.ROOT);
    }

    /** Support weighted by the strip's relevance relative to the context's most relevant strip (half to full). */
    private static double rank(Candidate c, double topRelevance) {
        double relative = topRelevance > 0 ? Math.max(0, c.strip().relevance()) / topRelevance : 1;
        return c.support() * (0.5 + 0.5 * relative);
    }

    private List<Candidate> candidates(Query query, List<ContextStrip> context, QuestionAnalysis analysis) {
        List<String> queryTerms = Terms.contentTerms(query.text());
        Map<Integer, String> quoted = new java.util.HashMap<>();
        for (ContextStrip strip : context) {
            quoted.merge(strip.citation(), strip.text(), (a, b) -> a + " " + b);
        }
        List<Candidate> result = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (ContextStrip strip : context) {
            List<String> sentences = Sentences.split(strip.text());
            boolean single = sentences.size() == 1;
            for (String sentence : sentences) {
                if (isFragment(sentence) || Snippets.isQuestion(sentence) || !seen.add(normalise(sentence))) {
                    continue;
                }
                double lexical = LexicalCoverage.of(queryTerms, sentence, query.termStatistics());
                double support = lexical;
                if (query.embedding() != null) {
                    Embedding vector = single && strip.embedding() != null ? strip.embedding() : embeddings.embed(sentence);
                    double semantic = Math.max(0, Math.min(1, (query.embedding().cosine(vector) - 0.15) / 0.6));
                    support = (semantic + lexical) / 2;
                }
                result.add(new Candidate(result.size(), sentence, strip, support,
                        Sufficiency.candidateIn(analysis, sentence, quoted.get(strip.citation())).orElse(null)));
            }
        }
        return result;
    }
}

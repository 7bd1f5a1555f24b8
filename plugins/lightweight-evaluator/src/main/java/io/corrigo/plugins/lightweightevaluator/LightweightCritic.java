package io.corrigo.plugins.lightweightevaluator;

import io.corrigo.api.ContextStrip;
import io.corrigo.api.Critic;
import io.corrigo.api.Critique;
import io.corrigo.api.CritiqueRequest;
import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.Query;
import io.corrigo.api.SentenceSupport;
import io.corrigo.api.Support;
import io.corrigo.api.TermStatistics;
import io.corrigo.api.answer.QuestionAnalysis;
import io.corrigo.api.answer.Sufficiency;
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
 * Self-RAG's ISSUP and ISUSE without a language model.
 *
 * <p><b>Support</b> of each answer sentence (citation markers removed):
 * <ul>
 *   <li>found word for word in a context strip: fully supported (an extractive answer costs no embedding);</li>
 *   <li>else the better of its strips: the mean of the share of the sentence's content words the strip contains and
 *       the cosine of the two embeddings (rescaled from [0.15, 0.75]); at least {@code fullSupport}: fully, at least
 *       {@code partialSupport}: partially, else not supported;</li>
 *   <li>a number in the sentence that appears nowhere in the context (a date, a dose, a count) makes it unsupported
 *       whatever the words: the commonest hallucination is a wrong figure in a fluent sentence.</li>
 * </ul>
 * <b>Usefulness</b> (1–5) from how well the supported part answers the question: the mean of the IDF-weighted share
 * of the question's content words it contains and the best cosine of the question with its sentences, mapped
 * linearly to 1–5. <b>Relevance</b> (Self-RAG's ISREL) first: when no supported sentence answers the question by the
 * answerhood model's sentence head (each judged on its own, below the model's relevance floor), the answer is rated
 * 1, "supported but does not answer the question", whatever its word overlap: the pipeline then regenerates,
 * retrieves again or abstains rather than serve it. For a question that asks a detail recognisable by form (a figure,
 * a date, a name: {@link Sufficiency}), relevance is sufficiency: a supported sentence must hold a candidate of the
 * asked type for the question's focus, or the answer is rated 1 whatever the model's probability.
 */
final class LightweightCritic implements Critic {

    static final double DEFAULT_FULL = 0.65;
    static final double DEFAULT_PARTIAL = 0.45;
    private static final Pattern MARKER = Pattern.compile("\\[\\d+\\]");
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:[.,]\\d+)?");

    private final EmbeddingService embeddings;
    private final double fullSupport;
    private final double partialSupport;
    private final AnswerhoodModel relevance;
    private final java.util.function.Supplier<AnswerCheck> check;
    private final double checkThreshold;

    LightweightCritic(EmbeddingService embeddings, double fullSupport, double partialSupport) {
        this(embeddings, fullSupport, partialSupport, null);
    }

    /** @param relevance the answerhood model judging relevance, or {@code null} to rate usefulness by overlap only */
    LightweightCritic(EmbeddingService embeddings, double fullSupport, double partialSupport, AnswerhoodModel relevance) {
        this(embeddings, fullSupport, partialSupport, relevance, null, 0);
    }

    /**
     * @param check          the answer check judging relevance and usefulness, or {@code null} to judge them by the
     *                       answerhood model and the question's analysis
     * @param checkThreshold the check's probability a served sentence needs to answer the question
     */
    LightweightCritic(EmbeddingService embeddings, double fullSupport, double partialSupport, AnswerhoodModel relevance,
                      java.util.function.Supplier<AnswerCheck> check, double checkThreshold) {
        this.check = check;
        this.checkThreshold = checkThreshold;
        if (partialSupport > fullSupport) {
            throw new IllegalArgumentException("partialSupport must not exceed fullSupport");
        }
        this.embeddings = embeddings;
        this.fullSupport = fullSupport;
        this.partialSupport = partialSupport;
        this.relevance = relevance;
    }

    private record Judged(SentenceSupport support, Embedding vector) {
    }

    @Override
    public Critique critique(CritiqueRequest request) {
        List<ContextStrip> context = request.context();
        String contextText = normalise(String.join(" ", context.stream().map(ContextStrip::text).toList()));
        Set<String> contextNumbers = numbers(contextText);
        List<SentenceSupport> sentences = new ArrayList<>();
        double bestQuestionCosine = 0;
        double bestAnswerhood = 0;
        AnswerFeatures features = relevance == null ? null
                : new AnswerFeatures(request.query().text(), request.query().embedding(), request.query().termStatistics());
        StringBuilder supported = new StringBuilder();
        QuestionAnalysis analysis = QuestionAnalysis.of(request.query());
        String answering = null;
        List<AnswerCheck.Candidate> served = new ArrayList<>();
        for (String sentence : Sentences.ofAnswer(request.answer().text())) {
            String claim = MARKER.matcher(sentence).replaceAll("").strip();
            if (claim.isEmpty() || !claim.matches("(?s).*[\\p{L}\\p{N}].*")) {
                continue;
            }
            Judged judged = judge(sentence, claim, context, contextText, contextNumbers);
            sentences.add(judged.support());
            if (judged.support().support() != Support.NONE) {
                supported.append(claim).append(' ');
                served.add(candidate(claim, judged.support().evidence(), context));
                if (answering == null && analysis.structural()) {
                    answering = Sufficiency.candidateIn(analysis, claim, String.join(" ",
                            context.stream().map(ContextStrip::text).toList())).map(c -> c.text()).orElse(null);
                }
                if (features != null) {
                    bestAnswerhood = Math.max(bestAnswerhood,
                            relevance.sentence().probability(features.sentence(claim, judged.vector())));
                }
                if (request.query().embedding() != null && judged.vector() != null) {
                    bestQuestionCosine = Math.max(bestQuestionCosine, request.query().embedding().cosine(judged.vector()));
                }
            }
        }
        if (sentences.isEmpty()) {
            sentences.add(new SentenceSupport(request.answer().text(), Support.NONE, 0, null));
        }
        if (check != null && !served.isEmpty()) {
            Critique checked = checked(request, sentences, served);
            if (checked != null) {
                return checked;
            }
        }
        if (analysis.structural() && !supported.isEmpty() && answering == null) {
            return new Critique(sentences, 1, "supported but does not answer the question: no supported sentence states "
                    + "the " + analysis.focus() + " asked about (" + analysis.describe() + ")");
        }
        if (!analysis.structural() && features != null && !supported.isEmpty() && bestAnswerhood < relevance.relevanceFloor()) {
            return new Critique(sentences, 1, String.format(Locale.ROOT, "supported but does not answer the question: "
                    + "no supported sentence reaches the relevance floor (best answerhood %.3f < %.3f)", bestAnswerhood,
                    relevance.relevanceFloor()));
        }
        int usefulness = usefulness(request.query(), supported.toString(), bestQuestionCosine);
        return new Critique(sentences, usefulness, "support by word overlap and embeddings; usefulness by coverage "
                + "of the question" + (answering != null ? "; relevance: states the " + analysis.focus() + " ("
                + answering + ")" : features == null ? "" : String.format(Locale.ROOT,
                "; relevance: best answerhood %.3f ≥ %.3f", bestAnswerhood, relevance.relevanceFloor())));
    }

    /**
     * Relevance and usefulness from the answer check (ISREL, ISUSE): the best probability among the supported
     * sentences; below the threshold the answer is rated 1, "supported but does not answer the question", else
     * 2 to 5 by that probability. {@code null} when the check cannot run here.
     */
    private Critique checked(CritiqueRequest request, List<SentenceSupport> sentences, List<AnswerCheck.Candidate> served) {
        double[] p;
        try {
            p = check.get().probabilities(request.query().text(), served);
        } catch (LinkageError | RuntimeException e) {
            return null;
        }
        int best = 0;
        for (int i = 1; i < p.length; i++) {
            best = p[i] > p[best] ? i : best;
        }
        String sentence = served.get(best).sentence();
        String shown = AnswerCheck.shown(sentence);
        if (p[best] < checkThreshold) {
            return new Critique(sentences, 1, String.format(Locale.ROOT, "supported but does not answer the question: "
                    + "the answer check accepts no supported sentence (best %.3f < %.3f, '%s')", p[best], checkThreshold,
                    shown));
        }
        double above = (p[best] - checkThreshold) / Math.max(1e-9, 1 - checkThreshold);
        int usefulness = 2 + (int) Math.round(3 * Math.max(0, Math.min(1, above)));
        return new Critique(sentences, usefulness, String.format(Locale.ROOT, "support by word overlap and embeddings; "
                + "relevance and usefulness by the answer check (best %.3f ≥ %.3f, '%s')", p[best], checkThreshold, shown));
    }

    /**
     * A served sentence as the check reads it: with the title of the document it was found in and the sentences
     * beside its evidence in that source's context (the strips of one citation, in order).
     */
    private static AnswerCheck.Candidate candidate(String claim, String evidence, List<ContextStrip> context) {
        for (ContextStrip strip : context) {
            if (strip.text().equals(evidence)) {
                List<String> same = context.stream().filter(s -> s.citation() == strip.citation())
                        .map(ContextStrip::text).toList();
                AnswerCheck.Candidate around = AnswerCheck.Candidate.in(same, same.indexOf(evidence),
                        strip.source() == null ? null : strip.source().title());
                return new AnswerCheck.Candidate(claim, around.title(), around.neighbours());
            }
        }
        return new AnswerCheck.Candidate(claim, null, "");
    }

    private Judged judge(String sentence, String claim, List<ContextStrip> context, String contextText,
                         Set<String> contextNumbers) {
        Set<String> missing = new HashSet<>(numbers(normalise(claim)));
        missing.removeAll(contextNumbers);
        String normalisedClaim = normalise(claim);
        for (ContextStrip strip : context) {
            if (normalise(strip.text()).contains(normalisedClaim)) {
                // a quoted sentence: its strip's vector stands for it in the usefulness estimate (no embedding)
                return new Judged(new SentenceSupport(sentence, Support.FULLY, 1.0, strip.text()),
                        strip.embedding() != null ? strip.embedding() : embedOrNull(claim));
            }
        }
        Embedding vector = embedOrNull(claim);
        List<String> claimTerms = Terms.contentTerms(claim);
        double best = 0;
        ContextStrip evidence = null;
        for (ContextStrip strip : context) {
            double lexical = claimTerms.isEmpty() ? 0 : LexicalCoverage.of(claimTerms, strip.text(), TermStatistics.UNIFORM);
            double score = lexical;
            if (vector != null) {
                Embedding stripVector = strip.embedding() != null ? strip.embedding() : embedOrNull(strip.text());
                if (stripVector != null) {
                    score = (lexical + rescale(vector.cosine(stripVector))) / 2;
                }
            }
            if (score > best) {
                best = score;
                evidence = strip;
            }
        }
        if (!missing.isEmpty()) {
            return new Judged(new SentenceSupport(sentence, Support.NONE, Math.min(best, partialSupport / 2),
                    "figures not in the context: " + String.join(", ", missing)), vector);
        }
        Support support = best >= fullSupport ? Support.FULLY : best >= partialSupport ? Support.PARTIALLY : Support.NONE;
        return new Judged(new SentenceSupport(sentence, support, best, evidence == null ? null : evidence.text()), vector);
    }

    private int usefulness(Query query, String supportedText, double bestCosine) {
        if (supportedText.isBlank()) {
            return 1;
        }
        double lexical = LexicalCoverage.of(Terms.contentTerms(query.text()), supportedText, query.termStatistics());
        double u = query.embedding() == null ? lexical : (lexical + rescale(bestCosine)) / 2;
        return 1 + (int) Math.round(4 * Math.max(0, Math.min(1, u)));
    }

    private Embedding embedOrNull(String text) {
        try {
            return embeddings.embed(text);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static double rescale(double cosine) {
        return Math.max(0, Math.min(1, (cosine - 0.15) / 0.6));
    }

    private static String normalise(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").strip();
    }

    private static Set<String> numbers(String text) {
        Set<String> found = new HashSet<>();
        Matcher m = NUMBER.matcher(text);
        while (m.find()) {
            found.add(m.group().replace(',', '.'));
        }
        return found;
    }
}

package io.corrigo.server.eval;

import io.corrigo.api.answer.QuestionAnalysis;
import io.corrigo.api.answer.Sufficiency;
import io.corrigo.api.text.Sentences;
import java.util.List;

/**
 * Whether a served answer answers its question, judged apart from the pipeline that wrote it: against the gold short
 * answers when the question set has them (an answer to a question that nothing answers is wrong whatever it says),
 * else by sufficiency ({@link Sufficiency}: the answer states a candidate of the asked type for the question's focus).
 * Questions whose type cannot be checked by form get no verdict here; the caller falls back to the retrieval
 * evaluator's relevance.
 */
public final class AnswerJudge {

    /** A question carries short answers when its shortest reference has at most this many words. */
    static final int SHORT_ANSWER_WORDS = 12;

    private AnswerJudge() {
    }

    /** Whether {@code question} can be judged against its references: a short answer, or none at all (unanswerable). */
    public static boolean hasShortAnswers(EvalQuestion question) {
        if (question.goldRoute().equals("none")) {
            return true;
        }
        return question.answers().stream().mapToInt(a -> a.strip().split("\\s+").length).min()
                .orElse(Integer.MAX_VALUE) <= SHORT_ANSWER_WORDS;
    }

    /**
     * 1 when {@code answer} answers {@code question}, 0 when it does not, {@code null} when this judge cannot tell
     * (no short references and a question whose type is not checked by form).
     */
    public static Double answers(EvalQuestion question, String answer) {
        if (hasShortAnswers(question)) {
            return !question.goldRoute().equals("none") && answersRight(answer, question.answers()) ? 1.0 : 0.0;
        }
        return sufficient(question.question(), answer);
    }

    /**
     * Whether {@code answer} contains one of the short {@code references}, as the benchmark's trust metrics read it:
     * both lower-cased, punctuation removed except {@code . , % -}, whitespace collapsed, then a substring test.
     */
    public static boolean containsShortAnswer(String answer, List<String> references) {
        String text = trustNormalised(answer.replaceAll("\\[\\d+\\]", " "));
        return references.stream().map(AnswerJudge::trustNormalised).filter(r -> !r.isBlank()).anyMatch(text::contains);
    }

    /** At most this many words before an answer's first citation make a short answer put first. */
    static final int SHORT_LEAD_WORDS = 8;
    private static final java.util.regex.Pattern MARKER = java.util.regex.Pattern.compile("\\[\\d+\\]");

    /**
     * Whether {@code answer} answers with one of the short {@code references}, as the trust metrics count it: it
     * contains one, and a short answer it puts first — a few words before its first {@code [n]} — holds one too. An
     * answer that opens "14 days [1]." and says the asked "every 900 operating hours" only later is wrong: a reader
     * takes the first figure.
     */
    public static boolean answersRight(String answer, List<String> references) {
        if (!containsShortAnswer(answer, references)) {
            return false;
        }
        return shortLead(answer).map(lead -> containsShortAnswer(lead, references)).orElse(true);
    }

    /** The short answer {@code answer} puts first (the words before its first {@code [n]}, when few), if any. */
    static java.util.Optional<String> shortLead(String answer) {
        java.util.regex.Matcher marker = MARKER.matcher(answer);
        if (!marker.find()) {
            return java.util.Optional.empty();
        }
        String lead = answer.substring(0, marker.start()).strip();
        int words = lead.isEmpty() ? 0 : lead.split("\\s+").length;
        return words > 0 && words <= SHORT_LEAD_WORDS ? java.util.Optional.of(lead) : java.util.Optional.empty();
    }

    static String trustNormalised(String text) {
        return text.toLowerCase(java.util.Locale.ROOT).replaceAll("[^\\p{L}\\p{N}\\s.,%-]", " ").replaceAll("\\s+", " ")
                .strip();
    }

    /**
     * By form alone: 1 when a sentence of {@code answer} states a candidate of the asked type for the question's focus,
     * 0 when none does, {@code null} for questions whose type is not checked by form (why, how, what is).
     */
    public static Double sufficient(String question, String answer) {
        QuestionAnalysis analysis = io.corrigo.engine.analyse.QuestionAnalyzers.analyse(question);
        if (!analysis.structural()) {
            return null;
        }
        List<String> sentences = Sentences.split(answer);
        for (String sentence : sentences) {
            if (Sufficiency.candidateIn(analysis, sentence, answer).isPresent()) {
                return 1.0;
            }
        }
        return 0.0;
    }

    /**
     * Faithfulness with the answer's own claim counted: the mean support of its {@code sentences} sentences
     * ({@code support}, by the critic) and of the claim that it answers the question ({@code answers}, 1 or 0). A quoted
     * sentence that does not answer is faithful to its source and unfaithful as an answer.
     */
    public static double faithfulness(double support, int sentences, double answers) {
        return (support * sentences + answers) / (sentences + 1);
    }
}

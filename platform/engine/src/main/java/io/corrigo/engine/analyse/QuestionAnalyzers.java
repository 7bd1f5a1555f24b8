package io.corrigo.engine.analyse;

import io.corrigo.api.answer.QuestionAnalysis;
import io.corrigo.api.text.Languages;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The question analyzers by language: English by the plugin API's own rules ({@link QuestionAnalysis#of(String)}),
 * every other language by its word lists, a resource {@code io/corrigo/engine/analyse/languages/<code>.tsv}
 * ({@link ListedQuestionAnalyzer}). Adding a language is adding its resource. A question whose language is not told,
 * or has no resource, is read as English.
 */
public final class QuestionAnalyzers {

    /** The analyzer for English, and for every question whose language has no analyzer. */
    public static final QuestionAnalyzer ENGLISH = new QuestionAnalyzer() {
        @Override
        public String language() {
            return "en";
        }

        @Override
        public QuestionAnalysis analyse(String question) {
            return QuestionAnalysis.of(question);
        }
    };

    private static final Map<String, Optional<QuestionAnalyzer>> BY_LANGUAGE = new ConcurrentHashMap<>();

    private QuestionAnalyzers() {
    }

    /** The analyzer for {@code question}'s language (as {@link Languages#detect} tells it), else {@link #ENGLISH}. */
    public static QuestionAnalyzer of(String question) {
        return Languages.detect(question).flatMap(QuestionAnalyzers::forLanguage).orElse(ENGLISH);
    }

    /** {@code question} read by the analyzer of its language ({@link #of}); a {@code null} question is an empty one. */
    public static QuestionAnalysis analyse(String question) {
        String text = question == null ? "" : question;
        return of(text).analyse(text);
    }

    /** The analyzer for the language {@code code}, when there is one. */
    public static Optional<QuestionAnalyzer> forLanguage(String code) {
        if ("en".equals(code)) {
            return Optional.of(ENGLISH);
        }
        return BY_LANGUAGE.computeIfAbsent(code, c -> ListedQuestionAnalyzer.load(c).map(a -> (QuestionAnalyzer) a));
    }
}

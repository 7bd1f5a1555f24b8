package io.corrigo.plugins.luceneretriever;

import io.corrigo.api.text.Languages;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.de.GermanAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.es.SpanishAnalyzer;
import org.apache.lucene.analysis.fr.FrenchAnalyzer;
import org.apache.lucene.analysis.it.ItalianAnalyzer;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.analysis.nl.DutchAnalyzer;

/**
 * Words as each language makes them: every passage's text is indexed with Lucene's English analysis in {@code text}
 * (as it always was), and a passage in German, French, Spanish, Italian or Dutch — by its {@code language} metadata,
 * else by {@link Languages#detect} — once more with its own language's stemmer and stop words in {@code text_<xx>}
 * ("Häuser" and "Haus" meet there; English stemming leaves them apart). A question is matched on {@code text} (in
 * one of these languages without its stop words), and on its own language's field.
 */
final class LanguageAnalysis {

    /** The field every passage's text is in, English analysis. */
    static final String TEXT = "text";

    private static final Map<String, Analyzer> BY_LANGUAGE = Map.of("de", new GermanAnalyzer(), "fr", new FrenchAnalyzer(),
            "es", new SpanishAnalyzer(), "it", new ItalianAnalyzer(), "nl", new DutchAnalyzer());
    private static final Map<String, CharArraySet> STOP_WORDS = Map.of("de", GermanAnalyzer.getDefaultStopSet(),
            "fr", FrenchAnalyzer.getDefaultStopSet(), "es", SpanishAnalyzer.getDefaultStopSet(),
            "it", ItalianAnalyzer.getDefaultStopSet(), "nl", DutchAnalyzer.getDefaultStopSet());

    private LanguageAnalysis() {
    }

    /** The analyzer of the index: English for {@code text}, each language's own for its field. */
    static Analyzer analyzer() {
        Map<String, Analyzer> fields = new HashMap<>();
        BY_LANGUAGE.forEach((language, analyzer) -> fields.put(field(language), analyzer));
        return new PerFieldAnalyzerWrapper(new EnglishAnalyzer(), fields);
    }

    /**
     * {@code text} without {@code language}'s stop words, for the English field: English analysis keeps "der", "wie",
     * "ein" as words, and a German question would match any German passage by them.
     */
    static String withoutStopWords(String text, String language) {
        CharArraySet stop = STOP_WORDS.get(language);
        if (stop == null) {
            return text;
        }
        StringBuilder kept = new StringBuilder(text.length());
        for (String word : text.split("[^\\p{L}\\p{N}]+")) {
            if (!word.isEmpty() && !stop.contains(word.toLowerCase(java.util.Locale.ROOT))) {
                kept.append(word).append(' ');
            }
        }
        return kept.toString();
    }

    /** The field of {@code language}'s own analysis. */
    static String field(String language) {
        return TEXT + "_" + language;
    }

    /**
     * The language of its own analysis a text is in: {@code declared} (a passage's {@code language} metadata) when it
     * names one, else what the words say; empty for English and for languages without one.
     */
    static Optional<String> of(String text, String declared) {
        String language = declared != null && !declared.isBlank() ? declared.strip().toLowerCase(java.util.Locale.ROOT)
                : Languages.detect(text).orElse("en");
        if (language.length() > 2) {
            language = language.substring(0, 2);
        }
        return BY_LANGUAGE.containsKey(language) ? Optional.of(language) : Optional.empty();
    }
}

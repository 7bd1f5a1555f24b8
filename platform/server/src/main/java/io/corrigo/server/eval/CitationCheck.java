package io.corrigo.server.eval;

import io.corrigo.api.Citation;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Whether each {@code [n]} of an answer points at a passage that holds the sentence it follows: the sentence's letters
 * and digits must be in citation n's quote (so spacing, punctuation and the marker itself do not matter). A generator
 * that paraphrases fails it by design: the check is for extractive answers, which copy their sentences. A short answer
 * put ahead of its sentence (fewer than {@value #SHORT_ANSWER_WORDS} words) is not counted, nor is a bracketed number
 * that is no citation of the answer but a reference mark inside a quoted text.
 *
 * @param cited sentences followed by a marker
 * @param held  those whose citation's quote holds them
 */
public record CitationCheck(int cited, int held) {

    private static final Pattern CITED = Pattern.compile("([^.!?\\]]+[.!?]?)\\s*\\[(\\d+)]");

    /** Cited fragments of fewer words are short answers, not sentences. */
    static final int SHORT_ANSWER_WORDS = 5;

    /** No sentence cited. */
    public static final CitationCheck NONE = new CitationCheck(0, 0);

    /** The check of one answer. */
    public static CitationCheck of(String answer, List<Citation> citations) {
        Map<Integer, String> quotes = citations.stream().filter(c -> c.quote() != null)
                .collect(Collectors.toMap(Citation::number, c -> letters(c.quote()), (a, b) -> a + b));
        int cited = 0;
        int held = 0;
        Matcher m = CITED.matcher(answer);
        while (m.find()) {
            String quote = quotes.get(Integer.parseInt(m.group(2)));
            String mark = "[" + m.group(2) + "]";
            if (quote == null && citations.stream().anyMatch(c -> c.quote() != null && c.quote().contains(mark))) {
                continue; // a reference mark of the quoted text itself ("… since 1901 [4] …"), not the answer's
            }
            if (m.group(1).strip().split("\\s+").length < SHORT_ANSWER_WORDS) {
                continue; // the short answer ahead of its sentence ("800 beds [1].") may be normalised; its sentence is checked
            }
            String sentence = letters(m.group(1));
            cited++;
            if (quote != null && quote.contains(sentence)) {
                held++;
            }
        }
        return new CitationCheck(cited, held);
    }

    /** Both counts added. */
    public CitationCheck plus(CitationCheck other) {
        return new CitationCheck(cited + other.cited, held + other.held);
    }

    private static String letters(String text) {
        return text.toLowerCase(java.util.Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]", "");
    }
}

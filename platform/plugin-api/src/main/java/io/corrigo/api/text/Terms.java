package io.corrigo.api.text;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Words of a text for lexical evidence and token budgets: lower-cased runs of letters and digits.
 *
 * <p>{@link #tokens} keeps every word; {@link #contentTerms} drops English stop words and question words, so
 * that "What is the incubation period of COVID-19?" yields {@code [incubation, period, covid, 19]}.
 */
public final class Terms {

    private static final Set<String> STOP_WORDS = Set.of("a", "about", "above", "after", "again", "against", "all",
            "also", "am", "an", "and", "any", "are", "as", "at", "be", "because", "been", "before", "being", "below",
            "between", "both", "but", "by", "can", "could", "did", "do", "does", "doing", "down", "during", "each",
            "few", "for", "from", "further", "had", "has", "have", "having", "he", "her", "here", "hers", "herself",
            "him", "himself", "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "me",
            "more", "most", "my", "myself", "no", "nor", "not", "now", "of", "off", "on", "once", "only", "or",
            "other", "our", "ours", "ourselves", "out", "over", "own", "same", "she", "should", "so", "some",
            "such", "than", "that", "the", "their", "theirs", "them", "themselves", "then", "there", "these",
            "they", "this", "those", "through", "to", "too", "under", "until", "up", "very", "was", "we", "were",
            "what", "when", "where", "which", "while", "who", "whom", "why", "will", "with", "would", "you",
            "your", "yours", "yourself", "yourselves", "s", "t", "many", "much", "may", "might", "must", "shall",
            "tell", "know", "called", "name", "whose", "define", "describe", "explain", "list", "give", "used",
            "use", "get", "got", "let", "us", "done", "one");

    private Terms() {
    }

    /** Every word of {@code text}, lower-cased, in order. */
    public static List<String> tokens(String text) {
        List<String> tokens = new ArrayList<>();
        if (text == null) {
            return tokens;
        }
        String lower = text.toLowerCase(Locale.ROOT);
        int start = -1;
        for (int i = 0; i <= lower.length(); i++) {
            boolean wordChar = i < lower.length() && Character.isLetterOrDigit(lower.charAt(i));
            if (wordChar && start < 0) {
                start = i;
            } else if (!wordChar && start >= 0) {
                tokens.add(lower.substring(start, i));
                start = -1;
            }
        }
        return tokens;
    }

    /** The distinct words of {@code text} that carry meaning (stop words removed), in order of first use. */
    public static List<String> contentTerms(String text) {
        Set<String> terms = new LinkedHashSet<>();
        for (String token : tokens(text)) {
            if (!isStopWord(token)) {
                terms.add(token);
            }
        }
        return new ArrayList<>(terms);
    }

    /** Whether {@code word} (lower-case) is a stop word. */
    public static boolean isStopWord(String word) {
        return STOP_WORDS.contains(word);
    }
}

package io.corrigo.api.text;

import io.corrigo.api.TermStatistics;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Lexical evidence that a text answers a query: the IDF-weighted share of the query's content words that the
 * text contains. A rare query word ("hydroxychloroquine") missing from the text costs much more than a common
 * one ("patients"). Words are compared after a light suffix stemming ({@link #stem}), so "infections" matches
 * "infection".
 */
public final class LexicalCoverage {

    /** The suffixes {@link #stem} takes off, the longest of each family first. */
    private static final String[] SUFFIXES = {"ations", "ation", "ings", "ing", "ies", "ied", "edly", "ed", "es", "ly", "s"};

    private LexicalCoverage() {
    }

    /**
     * The coverage in [0, 1]; 0 when the query has no content words.
     *
     * @param queryTerms the query's content words ({@link Terms#contentTerms})
     * @param text       the candidate text
     * @param statistics inverse document frequencies of the corpus
     */
    public static double of(List<String> queryTerms, String text, TermStatistics statistics) {
        if (queryTerms.isEmpty()) {
            return 0;
        }
        Set<String> stems = new HashSet<>();
        for (String token : Terms.tokens(text)) {
            stems.add(stem(token));
        }
        double total = 0;
        double found = 0;
        for (String term : queryTerms) {
            double weight = Math.max(0.05, statistics.inverseDocumentFrequency(term));
            total += weight;
            if (stems.contains(stem(term))) {
                found += weight;
            }
        }
        return total == 0 ? 0 : found / total;
    }

    /** A light English stemmer: strips a plural, past, gerund or adverb suffix from words longer than four letters. */
    public static String stem(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        if (w.length() <= 4) {
            return w;
        }
        for (String suffix : SUFFIXES) {
            if (w.endsWith(suffix) && w.length() - suffix.length() >= 3) {
                return w.substring(0, w.length() - suffix.length());
            }
        }
        return w;
    }
}

package io.corrigo.engine.correct;

import io.corrigo.api.text.Terms;

/**
 * Keeps the words that carry meaning: stop words and question words are dropped, order kept
 * ("What is the incubation period of COVID-19?" becomes "incubation period covid 19"). Falls back to the
 * question itself when nothing is left.
 */
public final class KeywordQueryRewriter implements QueryRewriter {

    @Override
    public String rewrite(String question) {
        String keywords = String.join(" ", Terms.contentTerms(question));
        return keywords.isBlank() ? question.trim() : keywords;
    }
}

package io.corrigo.engine.rewrite;

import io.corrigo.api.QueryRewriter;
import io.corrigo.api.RewritePurpose;
import io.corrigo.api.text.Terms;

/**
 * Keeps the words that carry meaning: stop words and question words are dropped, order kept
 * ("What is the incubation period of COVID-19?" becomes "incubation period covid 19"). Falls back to the
 * question itself when nothing is left. The same keywords serve both purposes: offline, without a language model,
 * there is nothing better to restate a question with.
 */
public final class KeywordQueryRewriter implements QueryRewriter {

    @Override
    public String rewrite(String question, RewritePurpose purpose, String feedback) {
        String keywords = String.join(" ", Terms.contentTerms(io.corrigo.api.Redaction.withoutPlaceholders(question)));
        return keywords.isBlank() ? question.trim() : keywords;
    }
}

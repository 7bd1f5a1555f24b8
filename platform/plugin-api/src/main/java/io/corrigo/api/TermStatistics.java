package io.corrigo.api;

/**
 * How informative a word is in the corpus a passage came from: an inverse document frequency.
 *
 * <p>A {@link RetrievalEvaluator} that weighs lexical evidence uses it to tell a rare, decisive query word
 * ("hydroxychloroquine") from a common one ("patients"). Retrievers that keep an inverted index offer exact
 * statistics through {@link Retriever#termStatistics()}; the pipeline passes them on in {@link Query}.
 */
@FunctionalInterface
public interface TermStatistics {

    /** Statistics that know nothing: every word weighs 1. */
    TermStatistics UNIFORM = term -> 1.0;

    /**
     * The inverse document frequency of {@code term} (a lower-cased word as {@link io.corrigo.api.text.Terms}
     * produces it): {@code ln(1 + (N - df + 0.5) / (df + 0.5))} for a corpus of N documents, of which df
     * contain the term. Never negative; words never seen get the largest value.
     */
    double inverseDocumentFrequency(String term);
}

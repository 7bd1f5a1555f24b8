package io.corrigo.api;

import java.util.Objects;

/**
 * A user's question as the pipeline hands it to plugins.
 *
 * @param text           the question as asked
 * @param embedding      its embedding from the host's {@link EmbeddingService} (computed once per run), or {@code null}
 *                       where a caller (e.g. a test) has none
 * @param termStatistics word statistics of the corpus being searched; {@link TermStatistics#UNIFORM} when unknown
 * @param filter         which passages the question may see ({@link PassageFilter#NONE}: all); a {@link Retriever}
 *                       applies it inside its engine
 */
public record Query(String text, Embedding embedding, TermStatistics termStatistics, PassageFilter filter) {

    public Query {
        Objects.requireNonNull(text, "text");
        termStatistics = termStatistics == null ? TermStatistics.UNIFORM : termStatistics;
        filter = filter == null ? PassageFilter.NONE : filter;
    }

    /** A query that may see every passage. */
    public Query(String text, Embedding embedding, TermStatistics termStatistics) {
        this(text, embedding, termStatistics, PassageFilter.NONE);
    }

    /** A query with text only. */
    public static Query of(String text) {
        return new Query(text, null, TermStatistics.UNIFORM);
    }

    /** A copy with other term statistics (e.g. those of the web corpus when grading search results). */
    public Query withTermStatistics(TermStatistics statistics) {
        return new Query(text, embedding, statistics, filter);
    }

    /** A copy that may see only the passages {@code value} keeps. */
    public Query withFilter(PassageFilter value) {
        return new Query(text, embedding, termStatistics, value);
    }
}

package io.corrigo.api;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A user's question as the pipeline hands it to plugins.
 *
 * <p>Besides its text, a query carries what the host read from it once per run, as typed attributes (Lucene's way):
 * above all the question's analysis in its own language ({@code io.corrigo.api.answer.QuestionAnalysis}, read with
 * {@code QuestionAnalysis.of(query)}), so that no stage or plugin derives it again, and none needs to know the
 * language's grammar.
 *
 * @param text           the question as asked
 * @param embedding      its embedding from the host's {@link EmbeddingService} (computed once per run), or {@code null}
 *                       where a caller (e.g. a test) has none
 * @param termStatistics word statistics of the corpus being searched; {@link TermStatistics#UNIFORM} when unknown
 * @param filter         which passages the question may see ({@link PassageFilter#NONE}: all); a {@link Retriever}
 *                       applies it inside its engine
 * @param attributes     what the host read from the question, by type (empty where a caller set none); read with
 *                       {@link #attribute}
 */
public record Query(String text, Embedding embedding, TermStatistics termStatistics, PassageFilter filter,
                    Map<Class<?>, Object> attributes) {

    public Query {
        Objects.requireNonNull(text, "text");
        termStatistics = termStatistics == null ? TermStatistics.UNIFORM : termStatistics;
        filter = filter == null ? PassageFilter.NONE : filter;
        attributes = attributes == null ? Map.of() : Map.copyOf(attributes);
    }

    /** A query without attributes. */
    public Query(String text, Embedding embedding, TermStatistics termStatistics, PassageFilter filter) {
        this(text, embedding, termStatistics, filter, Map.of());
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
        return new Query(text, embedding, statistics, filter, attributes);
    }

    /** A copy that may see only the passages {@code value} keeps. */
    public Query withFilter(PassageFilter value) {
        return new Query(text, embedding, termStatistics, value, attributes);
    }

    /**
     * A copy carrying {@code value} as its attribute of {@code type} (replacing one of that type).
     *
     * @since 1.9.0
     */
    public <T> Query with(Class<T> type, T value) {
        Map<Class<?>, Object> copy = new HashMap<>(attributes);
        copy.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(value, "value"));
        return new Query(text, embedding, termStatistics, filter, copy);
    }

    /**
     * The attribute of {@code type} the host set, if any.
     *
     * @since 1.9.0
     */
    public <T> Optional<T> attribute(Class<T> type) {
        return Optional.ofNullable(attributes.get(type)).map(type::cast);
    }
}

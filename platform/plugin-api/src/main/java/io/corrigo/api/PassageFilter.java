package io.corrigo.api;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which passages of the knowledge base a question may see: its collections, metadata it must have, a range of update
 * dates, and the groups of the person asking. A {@link Retriever} applies it <em>inside</em> the engine it talks to
 * (a Lucene filter clause, an OpenSearch {@code filter}, an SQL {@code WHERE}), so that the best passages within the
 * scope come back even when the scope keeps one passage in a hundred; fetching more and dropping afterwards is wrong.
 *
 * <p><b>Where a passage's side comes from.</b> The host writes a knowledge-base passage's scope into its
 * {@link Passage#metadata()}: {@value #COLLECTIONS} and {@value #READERS} (and {@value #TAGS}) hold comma-separated
 * names, {@value #UPDATED} an ISO date ({@code 2025-03-01}), every other key one value. A passage without
 * {@value #READERS} is readable by everyone of the tenant. {@link #values(Passage, String)}, {@link #readersOf} and
 * {@link #updatedOf} read them; {@link #matches} is the reference meaning every retriever must reproduce.
 *
 * @param collections   the passage must be in one of these collections; empty: any collection
 * @param metadata      the passage must have each of these values (for a multi-valued key: among its values)
 * @param updatedAfter  the passage's {@value #UPDATED} date must be on or after this day; {@code null}: no bound
 * @param updatedBefore the passage's {@value #UPDATED} date must be on or before this day; {@code null}: no bound
 * @param readers       the groups of the person asking: the passage must be readable by everyone or by one of them;
 *                      {@code null} for a caller who may read everything (an administrator)
 */
public record PassageFilter(Set<String> collections, Map<String, String> metadata, LocalDate updatedAfter,
                            LocalDate updatedBefore, Set<String> readers) {

    /** Metadata key: the passage's collections, comma-separated. */
    public static final String COLLECTIONS = "collections";
    /** Metadata key: the groups that may read the passage, comma-separated; absent means everyone. */
    public static final String READERS = "readers";
    /** Metadata key: the passage's tags, comma-separated. */
    public static final String TAGS = "tags";
    /** Metadata key: the day the passage's document was last updated, ISO ({@code yyyy-MM-dd}, a longer timestamp is cut). */
    public static final String UPDATED = "updated";
    /** The reader name that stands for everyone of the tenant (what a passage without {@value #READERS} is readable by). */
    public static final String EVERYONE = "*";

    /** No restriction at all: what a question of an administrator without a scope gets. */
    public static final PassageFilter NONE = new PassageFilter(Set.of(), Map.of(), null, null, null);

    public PassageFilter {
        collections = collections == null ? Set.of() : Set.copyOf(collections);
        metadata = metadata == null ? Map.of() : Map.copyOf(new TreeMap<>(metadata));
        readers = readers == null ? null : Set.copyOf(readers);
        if (metadata.containsKey(COLLECTIONS) || metadata.containsKey(READERS) || metadata.containsKey(UPDATED)) {
            throw new IllegalArgumentException("collections, readers and update dates have their own components");
        }
        if (updatedAfter != null && updatedBefore != null && updatedAfter.isAfter(updatedBefore)) {
            throw new IllegalArgumentException("updatedAfter " + updatedAfter + " is after updatedBefore " + updatedBefore);
        }
    }

    /** Only what {@code groups} may read, nothing else restricted. */
    public static PassageFilter readableBy(Set<String> groups) {
        return NONE.withReaders(groups);
    }

    /** Whether this filter keeps every passage. */
    public boolean isNone() {
        return collections.isEmpty() && metadata.isEmpty() && updatedAfter == null && updatedBefore == null
                && readers == null;
    }

    /** A copy for a caller of {@code groups} ({@code null}: may read everything). */
    public PassageFilter withReaders(Set<String> groups) {
        return new PassageFilter(collections, metadata, updatedAfter, updatedBefore, groups);
    }

    /**
     * The reader names a passage needs one of to be kept: the caller's groups and {@value #EVERYONE}; empty when
     * readers are not restricted.
     */
    public Set<String> readerTerms() {
        if (readers == null) {
            return Set.of();
        }
        Set<String> terms = new LinkedHashSet<>(readers);
        terms.add(EVERYONE);
        return Set.copyOf(terms);
    }

    /** Whether a multi-valued key (its metadata value is a comma-separated list). */
    public static boolean multiValued(String key) {
        return COLLECTIONS.equals(key) || READERS.equals(key) || TAGS.equals(key);
    }

    /**
     * The values of {@code key} in the passage's metadata, in their order: split at commas for a multi-valued key; empty
     * when absent.
     */
    public static Set<String> values(Passage passage, String key) {
        return values(key, passage.metadata().get(key));
    }

    /** The values a metadata entry stands for (see {@link #values(Passage, String)}). */
    public static Set<String> values(String key, String value) {
        if (value == null || value.isBlank()) {
            return Set.of();
        }
        if (!multiValued(key)) {
            return Set.of(value);
        }
        Set<String> values = new LinkedHashSet<>();
        Arrays.stream(value.split(",")).map(String::strip).filter(v -> !v.isEmpty()).forEach(values::add);
        return java.util.Collections.unmodifiableSet(values); // in the order written
    }

    /** Who may read the passage: its {@value #READERS}, or {@value #EVERYONE} when it names none. */
    public static Set<String> readersOf(Passage passage) {
        Set<String> readers = values(passage, READERS);
        return readers.isEmpty() ? Set.of(EVERYONE) : readers;
    }

    /** The passage's {@value #UPDATED} day, or {@code null} when it has none (or one that is not a date). */
    public static LocalDate updatedOf(Passage passage) {
        return day(passage.metadata().get(UPDATED));
    }

    /** The day an ISO date or timestamp falls on, or {@code null}. */
    public static LocalDate day(String value) {
        if (value == null || value.length() < 10) {
            return null;
        }
        try {
            return LocalDate.parse(value.substring(0, 10));
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** Whether the passage is within this filter: the meaning every retriever's own filter must have. */
    public boolean matches(Passage passage) {
        if (!collections.isEmpty() && values(passage, COLLECTIONS).stream().noneMatch(collections::contains)) {
            return false;
        }
        for (Map.Entry<String, String> wanted : metadata.entrySet()) {
            if (!values(passage, wanted.getKey()).contains(wanted.getValue())) {
                return false;
            }
        }
        if (updatedAfter != null || updatedBefore != null) {
            LocalDate updated = updatedOf(passage);
            if (updated == null || (updatedAfter != null && updated.isBefore(updatedAfter))
                    || (updatedBefore != null && updated.isAfter(updatedBefore))) {
                return false;
            }
        }
        return readers == null || readersOf(passage).stream().anyMatch(readerTerms()::contains);
    }
}

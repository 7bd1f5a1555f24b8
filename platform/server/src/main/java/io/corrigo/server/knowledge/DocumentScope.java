package io.corrigo.server.knowledge;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.api.PassageFilter;
import io.corrigo.server.problem.ServiceException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Where a document belongs and who may read it: its collections (it is also always in its knowledge base's), the
 * groups that may read it (none: everyone of the tenant) and its metadata. Every chunk of the document carries it into
 * the index ({@link #passageMetadata}), where questions are filtered by it.
 *
 * @param collections collection names, lower-case letters, digits and dashes
 * @param groups      the groups that may read the document; empty for everyone of the tenant
 * @param metadata    {@code source_url}, {@code author}, {@code created}, {@code updated} (ISO dates),
 *                    {@code language}, {@code tags} (comma-separated) and free keys (lower-case, digits, {@code _})
 */
public record DocumentScope(List<String> collections, List<String> groups, Map<String, String> metadata) {

    /** No collection but the knowledge base's, readable by everyone, no metadata. */
    public static final DocumentScope OPEN = new DocumentScope(List.of(), List.of(), Map.of());

    static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,39}");
    static final Pattern KEY = Pattern.compile("[a-z][a-z0-9_]{0,39}");
    /** Keys the host writes itself, or that have components of their own. */
    static final Set<String> RESERVED = Set.of(PassageFilter.COLLECTIONS, PassageFilter.READERS, "section",
            "knowledgeBase", "embeddingModel", "ranks", "page", "span", "updated_after", "updated_before");
    static final Set<String> DATES = Set.of("created", PassageFilter.UPDATED);
    static final int MAX_VALUE = 500;
    static final int MAX_ENTRIES = 30;

    public DocumentScope {
        collections = collections == null ? List.of() : List.copyOf(new LinkedHashSet<>(collections));
        groups = groups == null ? List.of() : List.copyOf(new LinkedHashSet<>(groups));
        metadata = metadata == null ? Map.of() : Map.copyOf(new TreeMap<>(metadata));
    }

    /**
     * A checked scope. @throws ServiceException 400 naming every problem: a bad collection or group name, a reserved
     * or malformed key, a value too long or with control characters, a date that is not {@code yyyy-MM-dd}
     */
    public static DocumentScope of(List<String> collections, List<String> groups, Map<String, String> metadata) {
        List<String> problems = new ArrayList<>();
        names("collections", collections, problems);
        names("groups", groups, problems);
        Map<String, String> clean = new LinkedHashMap<>();
        if (metadata != null) {
            if (metadata.size() > MAX_ENTRIES) {
                problems.add("metadata: at most " + MAX_ENTRIES + " entries, " + metadata.size() + " were sent");
            }
            metadata.forEach((key, value) -> {
                if (key == null || !KEY.matcher(key).matches()) {
                    problems.add("metadata." + key + ": keys are 1-40 lower-case letters, digits and '_', starting with a letter");
                } else if (RESERVED.contains(key)) {
                    problems.add("metadata." + key + ": reserved" + (key.equals(PassageFilter.COLLECTIONS)
                            || key.equals(PassageFilter.READERS) ? " (use the collections and groups fields)" : ""));
                } else if (value == null || value.isBlank()) {
                    return; // an empty value removes the key
                } else if (value.length() > MAX_VALUE || !IngestionService.wellFormed(value) || value.contains("\n")) {
                    problems.add("metadata." + key + ": one line of at most " + MAX_VALUE + " characters");
                } else if (DATES.contains(key) && PassageFilter.day(value) == null) {
                    problems.add("metadata." + key + ": an ISO date (yyyy-MM-dd) was expected, not '" + value + "'");
                } else {
                    clean.put(key, key.equals(PassageFilter.TAGS) ? String.join(",", PassageFilter.values(key, value))
                            : value.strip());
                }
            });
        }
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_SCOPE, "The document's collections, groups or metadata are not valid.",
                    problems);
        }
        return new DocumentScope(collections, groups, clean);
    }

    private static void names(String field, List<String> names, List<String> problems) {
        if (names == null) {
            return;
        }
        if (names.size() > 20) {
            problems.add(field + ": at most 20, " + names.size() + " were sent");
        }
        for (String name : names) {
            if (name == null || !NAME.matcher(name).matches()) {
                problems.add(field + ": '" + name + "' is not a name (1-40 lower-case letters, digits and dashes)");
            }
        }
    }

    /** Names from a comma-separated form field ({@code null} or blank: none). */
    static List<String> split(String names) {
        if (names == null || names.isBlank()) {
            return List.of();
        }
        return List.of(names.split("\\s*,\\s*")).stream().map(String::strip).filter(n -> !n.isEmpty()).toList();
    }

    /**
     * What each chunk of the document carries into the index: the metadata, its collections with the knowledge base's
     * name, its readers (absent: everyone) and its update day ({@code fallbackUpdated} when the metadata has none).
     */
    Map<String, String> passageMetadata(String knowledgeBaseName, String fallbackUpdated) {
        Map<String, String> result = new LinkedHashMap<>(metadata);
        Set<String> all = new LinkedHashSet<>(collections);
        if (knowledgeBaseName != null) {
            all.add(knowledgeBaseName);
        }
        if (!all.isEmpty()) {
            result.put(PassageFilter.COLLECTIONS, String.join(",", all));
        }
        if (!groups.isEmpty()) {
            result.put(PassageFilter.READERS, String.join(",", groups));
        }
        if (!result.containsKey(PassageFilter.UPDATED) && fallbackUpdated != null) {
            result.put(PassageFilter.UPDATED, fallbackUpdated);
        }
        return result;
    }

    /** Whether a reader of {@code readers} (the caller's groups; {@code null}: may read everything) may read it. */
    public boolean readableBy(Set<String> readers) {
        return readers == null || groups.isEmpty() || groups.stream().anyMatch(readers::contains);
    }
}

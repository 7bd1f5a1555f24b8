package io.corrigo.server.knowledge;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.api.PassageFilter;
import io.corrigo.server.problem.ServiceException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scope a question names, as every API takes it: {@code "collections": ["hr"]} and
 * {@code "filter": {"language": "de", "updated_after": "2025-01-01"}} ({@code updated_before} too; any other key is a
 * metadata value the document must have, one of its tags for {@code tags}). Who may read what is not the question's to
 * say: the caller's groups are added by the gateway and cannot be widened here.
 */
public final class QuestionScope {

    private QuestionScope() {
    }

    /**
     * The filter for a question's collections and metadata filter (either {@code null}), without reader restriction.
     *
     * @throws ServiceException 400 naming every problem: a bad collection name, an unknown date, a value that is not
     *                          text, a reserved key
     */
    public static PassageFilter parse(List<String> collections, Map<String, ?> filter) {
        List<String> problems = new ArrayList<>();
        if (collections != null) {
            for (String name : collections) {
                if (name == null || !DocumentScope.NAME.matcher(name).matches()) {
                    problems.add("collections: '" + name + "' is not a collection name (lower-case letters, digits, dashes)");
                }
            }
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        LocalDate after = null;
        LocalDate before = null;
        if (filter != null) {
            for (Map.Entry<String, ?> entry : filter.entrySet()) {
                String key = entry.getKey();
                Object raw = entry.getValue();
                if (!(raw instanceof String || raw instanceof Number || raw instanceof Boolean)) {
                    problems.add("filter." + key + ": a text value was expected");
                    continue;
                }
                String value = String.valueOf(raw);
                if (key.equals("updated_after") || key.equals("updated_before")) {
                    LocalDate day = PassageFilter.day(value);
                    if (day == null || value.length() != 10) {
                        problems.add("filter." + key + ": an ISO date (yyyy-MM-dd) was expected, not '" + value + "'");
                    } else if (key.equals("updated_after")) {
                        after = day;
                    } else {
                        before = day;
                    }
                } else if (!DocumentScope.KEY.matcher(key).matches() || key.equals(PassageFilter.READERS)
                        || key.equals(PassageFilter.COLLECTIONS) || key.equals(PassageFilter.UPDATED)) {
                    problems.add("filter." + key + ": not a metadata key one can filter on"
                            + (key.equals(PassageFilter.COLLECTIONS) ? " (use \"collections\")" : "")
                            + (key.equals(PassageFilter.UPDATED) ? " (use updated_after / updated_before)" : ""));
                } else {
                    metadata.put(key, value.strip());
                }
            }
        }
        if (after != null && before != null && after.isAfter(before)) {
            problems.add("filter: updated_after " + after + " is after updated_before " + before);
        }
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_SCOPE, "The question's collections or filter are not valid.", problems);
        }
        return new PassageFilter(collections == null ? null : java.util.Set.copyOf(collections), metadata, after, before, null);
    }
}

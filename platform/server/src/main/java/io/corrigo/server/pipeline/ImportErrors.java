package io.corrigo.server.pipeline;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Why an imported pipeline document could not be read, in an admin's words: the path of the field ({@code
 * settings.topK}), the value found and what was expected ("a whole number"), or the line and column of a syntax
 * error. No Java or Jackson class name reaches the admin.
 */
final class ImportErrors {

    private ImportErrors() {
    }

    static String describe(Exception e) {
        if (e instanceof MismatchedInputException mismatch && !mismatch.getPath().isEmpty()) {
            String found = e instanceof InvalidFormatException invalid && invalid.getValue() != null
                    ? "'" + invalid.getValue() + "'" : "this value";
            return path(mismatch) + ": " + found + " is not " + expected(mismatch.getTargetType()) + ".";
        }
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            String cause = mapping.getCause() instanceof IllegalArgumentException iae ? iae.getMessage() : plain(mapping);
            return path(mapping) + ": " + cause;
        }
        if (e instanceof JsonProcessingException processing) {
            JsonLocation at = processing.getLocation();
            return plain(processing) + (at == null || at.getLineNr() < 1 ? ""
                    : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")");
        }
        return e.getMessage() == null ? "it could not be read" : strip(e.getMessage());
    }

    /** The field's path as the document spells it: {@code stages.retriever.properties.maxResults}, {@code [2]}. */
    static String path(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.isEmpty() ? "the document" : path.toString();
    }

    /** What a value of {@code type} looks like, in words. */
    static String expected(Class<?> type) {
        if (type == null) {
            return "of the expected kind";
        }
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(Object::toString).collect(Collectors.joining(", "));
        }
        if (type == String.class) {
            return "text";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "a section of key: value lines";
        }
        return "of the expected kind";
    }

    /** The name among {@code known} within two edits of {@code key} (a misspelling), or {@code null}. */
    static String closest(String key, java.util.Set<String> known) {
        String best = null;
        int bestDistance = 3;
        for (String name : known) {
            int distance = distance(key.toLowerCase(java.util.Locale.ROOT), name.toLowerCase(java.util.Locale.ROOT));
            if (distance < bestDistance) {
                best = name;
                bestDistance = distance;
            }
        }
        return best;
    }

    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1),
                        previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    /** The parser's own message without its source excerpt and without Java type names. */
    private static String plain(JsonProcessingException e) {
        return strip(e.getOriginalMessage());
    }

    private static String strip(String message) {
        return message.replaceAll("`[\\w.$]+`", "a value").replaceAll("\\b(?:java|com|io)\\.[\\w.$]+", "a value").strip();
    }
}

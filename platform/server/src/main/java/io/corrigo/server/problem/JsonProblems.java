package io.corrigo.server.problem;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.stream.Collectors;

/**
 * What is wrong with a JSON or YAML document (a request body, an imported pipeline), in one line that names the field
 * in the document's own spelling: {@code settings.topK: 'eight' is not an integer}. No Java type reaches a person.
 */
public final class JsonProblems {

    private static final java.util.regex.Pattern QUOTED = java.util.regex.Pattern.compile(
            "Cannot coerce String value \\(\"(.*?)\"\\)");

    private JsonProblems() {
    }

    /** {@code e} in words; for what is not a parser's or mapper's error, its message. */
    public static String describe(Exception e) {
        if (e instanceof JsonProcessingException processing) {
            return describe(processing);
        }
        return e.getMessage() == null ? "it could not be read" : e.getMessage();
    }

    public static String describe(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException unknown) {
            return path(unknown) + ": unknown field" + (unknown.getKnownPropertyIds() == null ? ""
                    : " (known: " + unknown.getKnownPropertyIds().stream().map(String::valueOf).sorted()
                    .collect(Collectors.joining(", ")) + ")");
        }
        if (e instanceof InvalidFormatException format) {
            return path(format) + ": '" + format.getValue() + "' is not " + typeName(format.getTargetType());
        }
        if (e instanceof MismatchedInputException mismatch) {
            java.util.regex.Matcher text = QUOTED.matcher(String.valueOf(mismatch.getOriginalMessage()));
            if (text.find()) { // a text where a number or a yes-or-no belongs (coercion refused)
                String value = text.group(1);
                return path(mismatch) + ": '" + value + "' is not " + typeName(mismatch.getTargetType())
                        + (value.strip().matches("-?\\d+(\\.\\d+)?|true|false") ? " but a text: write it without quotes" : "");
            }
            return path(mismatch) + ": expected " + typeName(mismatch.getTargetType());
        }
        if (e instanceof JsonParseException parse) {
            return "line " + parse.getLocation().getLineNr() + ", column " + parse.getLocation().getColumnNr() + ": "
                    + parse.getOriginalMessage().split("\\R", 2)[0];
        }
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            return path(mapping) + ": " + mapping.getOriginalMessage().split("\\R", 2)[0];
        }
        return e.getOriginalMessage().split("\\R", 2)[0];
    }

    /** The name among {@code known} within two edits of {@code key} (a misspelling), or {@code null}. */
    public static String closest(String key, java.util.Collection<String> known) {
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

    /** The field's path in the body, e.g. {@code stages.search.properties}; {@code (body)} for the whole of it. */
    private static String path(JsonMappingException e) {
        String path = e.getPath().stream()
                .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[");
        return path.isEmpty() ? "(body)" : path;
    }

    private static String typeName(Class<?> type) {
        if (type == null) {
            return "a valid value";
        }
        if (type.isEnum()) {
            return "one of " + java.util.Arrays.stream(type.getEnumConstants()).map(String::valueOf)
                    .collect(Collectors.joining(", "));
        }
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "an integer";
        }
        if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        return java.util.Collection.class.isAssignableFrom(type) ? "a list" : "an object";
    }
}

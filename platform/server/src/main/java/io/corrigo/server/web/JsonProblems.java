package io.corrigo.server.web;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.stream.Collectors;

/** What is wrong with a request body, in one line that names the field: {@code settings.topK: expected an integer}. */
final class JsonProblems {

    private JsonProblems() {
    }

    static String describe(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException unknown) {
            return path(unknown) + ": unknown field" + (unknown.getKnownPropertyIds() == null ? ""
                    : " (known: " + unknown.getKnownPropertyIds().stream().map(String::valueOf).sorted()
                    .collect(Collectors.joining(", ")) + ")");
        }
        if (e instanceof InvalidFormatException format) {
            return path(format) + ": '" + format.getValue() + "' is not " + typeName(format.getTargetType());
        }
        if (e instanceof MismatchedInputException mismatch) {
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

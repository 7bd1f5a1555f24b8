package io.corrigo.api.config;

import java.util.Objects;

/**
 * One thing wrong with a setting: where, and what. The path names the setting as the pipeline stores it, dotted when
 * it is nested ({@code topK}, {@code selfRag.maxRounds}, {@code stages.retriever.rrfK}), so a form can put the
 * message on the field it belongs to without parsing text.
 *
 * @param path    the setting's path; empty for a problem of the whole
 * @param message what is wrong, for people ({@code must be at most 100, was 500})
 * @since 1.3.0
 */
public record ConfigProblem(String path, String message) {

    public ConfigProblem {
        path = path == null ? "" : path;
        Objects.requireNonNull(message, "message");
    }

    /** Reads {@code "path: message"}, the form {@link #toString()} writes; a line without a colon has an empty path. */
    public static ConfigProblem parse(String line) {
        int colon = line.indexOf(": ");
        String path = colon < 0 ? "" : line.substring(0, colon).trim();
        if (!path.matches("[A-Za-z0-9._-]+")) {
            return new ConfigProblem("", line);
        }
        return new ConfigProblem(path, line.substring(colon + 2).trim());
    }

    /** The same problem one level down: {@code under("stages.retriever")} turns {@code rrfK} into {@code stages.retriever.rrfK}. */
    public ConfigProblem under(String prefix) {
        return new ConfigProblem(path.isEmpty() ? prefix : prefix + "." + path, message);
    }

    /** {@code "path: message"}, or the message alone when there is no path. */
    @Override
    public String toString() {
        return path.isEmpty() ? message : path + ": " + message;
    }
}

package io.corrigo.engine.trace;

import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Turns a plugin's exceptions into one-line reasons for the trace. */
public final class Failures {

    private Failures() {
    }

    /** {@code "IllegalStateException: index closed"}, unwrapping executor wrappers. */
    public static String describe(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        String message = cause.getMessage();
        String name = cause.getClass().getSimpleName();
        return message == null || message.isBlank() ? name : name + ": " + message;
    }

    /**
     * One line for a plugin that failed on several items of one step: the first reason, and how many more of how
     * many {@code items} ("…; evaluator failed: boom (and on 7 more of 8 passages)").
     */
    public static String summary(List<String> reasons, int total, String items) {
        return reasons.get(0) + (reasons.size() > 1
                ? " (and on " + (reasons.size() - 1) + " more of " + total + " " + items + ")" : "");
    }
}

package io.corrigo.engine.trace;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Turns a plugin's exception into a one-line reason for the trace. */
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
}

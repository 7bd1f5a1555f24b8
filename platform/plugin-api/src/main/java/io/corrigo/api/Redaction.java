package io.corrigo.api;

import java.util.List;
import java.util.Objects;

/**
 * What a {@link Guardrail} made of a text.
 *
 * @param text  the text with each finding replaced by a placeholder of its kind
 * @param found how many findings of each kind were replaced, never the values; empty when there were none
 * @since 1.6.0
 */
public record Redaction(String text, List<Found> found) {

    public Redaction {
        Objects.requireNonNull(text, "text");
        found = found == null ? List.of() : List.copyOf(found);
    }

    /** {@code text} unchanged: nothing to redact. */
    public static Redaction none(String text) {
        return new Redaction(text, List.of());
    }

    /** A placeholder a guardrail put in ({@code [EMAIL]}, {@code [EMPLOYEE_ID]}). */
    public static final java.util.regex.Pattern PLACEHOLDER = java.util.regex.Pattern.compile("\\[[A-Z][A-Z0-9_]{1,29}]");

    /**
     * {@code text} without guardrails' placeholders, for reading what is asked: a placeholder stands for a value, not
     * for a word a passage or a search result should contain.
     */
    public static String withoutPlaceholders(String text) {
        return PLACEHOLDER.matcher(text).replaceAll(" ");
    }

    /** Whether anything was redacted. */
    public boolean redacted() {
        return !found.isEmpty();
    }

    /**
     * A kind of finding and how often it was replaced.
     *
     * @param kind  what was found, upper case: {@code EMAIL}, {@code PHONE}, {@code IBAN}, {@code CARD}, {@code IP},
     *              {@code NAME}, or a tenant's own pattern's name
     * @param count how many times (at least 1)
     */
    public record Found(String kind, int count) {

        public Found {
            Objects.requireNonNull(kind, "kind");
            if (count < 1) {
                throw new IllegalArgumentException("count must be at least 1");
            }
        }
    }
}

package io.corrigo.ui.shell;

import com.vaadin.flow.component.html.Span;

/**
 * Small coloured labels for grades, actions and states, styled inline with Lumo's colour variables (no extra
 * frontend module, so the pre-compiled production bundle serves the UI).
 */
public final class Badges {

    private Badges() {
    }

    /** A badge coloured by meaning: good green, doubtful grey-blue, bad red, anything else neutral. */
    public static Span of(String text) {
        Span badge = new Span(Texts.known(label(text)));
        if (text != null) {
            badge.getElement().setAttribute("data-value", text);
        }
        String tone = switch (text == null ? "" : text) {
            case "CORRECT", "DONE", "INDEXED", "CLOSED", "STARTED", "helpful", "enabled", "answered", "kept", "FULLY", "active", "indexed", "OK", "delivered",
                 "SERVE", "right" -> "success";
            case "INCORRECT", "FAILED", "OPEN", "FORCED_OPEN", "not_helpful", "disabled", "FAILED_TO_LOAD", "abstained", "revoked", "ALERT", "failed",
                 "degraded", "NONE", "ABSTAIN", "UNCHECKED", "wrong" -> "error";
            case "AMBIGUOUS", "HALF_OPEN", "RUNNING", "INDEXING", "QUEUED", "incomplete", "PARTIALLY", "REGENERATE",
                 "RETRIEVE_AGAIN", "SERVE_BEST", "draft", "edited", "replaced", "WARN", "partly" -> "primary";
            default -> "contrast";
        };
        badge.getElement().setAttribute("data-tone", tone);
        badge.getStyle().set("display", "inline-block").set("padding", "0.1em 0.6em")
                .set("border-radius", "var(--lumo-border-radius-l)").set("font-size", "var(--lumo-font-size-xs)")
                .set("font-weight", "600").set("line-height", "1.6")
                .set("background", "var(--lumo-" + tone + "-color-10pct)")
                .set("color", "contrast".equals(tone) ? "var(--lumo-body-text-color)" : "var(--lumo-" + tone + "-text-color)");
        return badge;
    }

    /**
     * How a value reads to a person: an enum or key spelt with underscores in words ({@code not_helpful} → "not
     * helpful", {@code HALF_OPEN} → "half-open"); the grades (CORRECT, AMBIGUOUS, INCORRECT) and one-word states as they
     * are.
     */
    public static String label(String value) {
        if (value == null) {
            return "—";
        }
        if (value.equals("HALF_OPEN")) {
            return "half-open";
        }
        return value.contains("_") ? value.replace('_', ' ').toLowerCase(java.util.Locale.ROOT) : value;
    }
}

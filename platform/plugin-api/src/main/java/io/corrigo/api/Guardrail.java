package io.corrigo.api;

/**
 * Removes what must not leave the host or be kept — e-mail addresses, phone numbers, account and card numbers, IP
 * addresses, names, a tenant's own patterns — from a text, replacing each with a placeholder that says its kind
 * ({@code [EMAIL]}). The host runs it on a question and its conversation before the question is retrieved with, sent to
 * a web-search provider or any model, or written to the run log, and on an answer before the log keeps it; the trace
 * records which kinds were redacted where and how many, never the values.
 *
 * <p><b>How to implement.</b> Return the text with every finding replaced and the count of each kind; return the text
 * unchanged with no findings when there is nothing to redact. Never return a value you redacted in
 * {@link Redaction#found()}. Throwing is allowed but costly: the host then sends the question nowhere and abstains
 * (a guardrail fails closed). Instances are called from several threads.
 *
 * @since 1.6.0
 */
@FunctionalInterface
public interface Guardrail {

    /** {@code text} with what must not leave replaced by placeholders, and what was replaced, by kind. */
    Redaction redact(String text);
}

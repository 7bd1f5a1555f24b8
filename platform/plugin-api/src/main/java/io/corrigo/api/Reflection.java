package io.corrigo.api;

/**
 * Reflection tokens a Self-RAG model wrote into its output ({@code [Retrieval]}, {@code [Relevant]},
 * {@code [Fully supported]}, {@code [Utility:5]}, …), parsed by the generator and stripped from the answer text.
 * Each field is {@code null} when the model did not emit that token.
 *
 * @param retrieve  {@code [Retrieval]} → true, {@code [No Retrieval]} → false
 * @param relevant  {@code [Relevant]} → true, {@code [Irrelevant]} → false
 * @param support   {@code [Fully supported]}, {@code [Partially supported]} or {@code [No support / Contradictory]}
 * @param utility   {@code [Utility:N]}, 1–5
 */
public record Reflection(Boolean retrieve, Boolean relevant, Support support, Integer utility) {

    public Reflection {
        if (utility != null && (utility < 1 || utility > 5)) {
            throw new IllegalArgumentException("utility must be between 1 and 5, was " + utility);
        }
    }

    /** Whether the model emitted any reflection token. */
    public boolean present() {
        return retrieve != null || relevant != null || support != null || utility != null;
    }
}

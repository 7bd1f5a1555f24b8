package io.corrigo.api;

/**
 * How well the context supports one sentence of an answer: Self-RAG's ISSUP judgement ({@code [Fully supported]},
 * {@code [Partially supported]}, {@code [No support / Contradictory]}).
 */
public enum Support {
    /** Everything the sentence states is in the context. */
    FULLY(1.0),
    /** Part of it is in the context, part is not. */
    PARTIALLY(0.5),
    /** The context does not say it, or says the opposite. */
    NONE(0.0);

    private final double weight;

    Support(double weight) {
        this.weight = weight;
    }

    /** 1 for fully, 0.5 for partially, 0 for not supported: how a sentence counts in {@link Critique#support()}. */
    public double weight() {
        return weight;
    }
}

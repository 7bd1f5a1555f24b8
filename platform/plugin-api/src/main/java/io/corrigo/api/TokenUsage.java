package io.corrigo.api;

/**
 * How many tokens a model call consumed, as the model reported them (never estimated: a generator that does not know
 * leaves {@link Answer#usage()} {@code null}).
 *
 * @param inputTokens  tokens of the prompt (instructions, context, question)
 * @param outputTokens tokens of the reply
 * @since 1.4.0
 */
public record TokenUsage(int inputTokens, int outputTokens) {

    public TokenUsage {
        if (inputTokens < 0 || outputTokens < 0) {
            throw new IllegalArgumentException("token counts cannot be negative: " + inputTokens + ", " + outputTokens);
        }
    }

    /** Prompt and reply together. */
    public int totalTokens() {
        return inputTokens + outputTokens;
    }

    /** The counts of two calls added up. */
    public TokenUsage plus(TokenUsage other) {
        return new TokenUsage(inputTokens + other.inputTokens, outputTokens + other.outputTokens);
    }
}

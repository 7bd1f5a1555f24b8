package io.corrigo.engine.trace;

/**
 * One sentence considered by refinement.
 *
 * @param passageId the passage it belongs to
 * @param index     its position in the passage
 * @param text      the sentence
 * @param score     the evaluator's score in [0, 1]
 * @param kept      whether it is in the context handed to the generator
 * @param reason    why it was kept or dropped
 */
public record StripTrace(String passageId, int index, String text, double score, boolean kept, String reason) {
}

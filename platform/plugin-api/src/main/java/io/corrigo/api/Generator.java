package io.corrigo.api;

/**
 * Writes the answer from the refined context, citing sources by their {@link ContextStrip#citation()} number.
 *
 * <p><b>How to implement.</b> Use only the context you are given (it has already been graded and refined),
 * cite with {@code [n]} markers and list each cited source in {@link Answer#citations()}. When the context does
 * not answer the question, return {@link Answer#abstain(String)} instead of guessing. An empty context means
 * nothing relevant survived grading: abstain. Throwing is allowed: the run degrades and says so.
 */
@FunctionalInterface
public interface Generator {

    /** The answer to {@code request.query()} from {@code request.context()}. */
    Answer generate(GenerationRequest request);
}

package io.corrigo.api;

import java.util.function.Consumer;

/**
 * Writes the answer from the refined context, citing sources by their {@link ContextStrip#citation()} number.
 *
 * <p><b>How to implement.</b> Use only the context you are given (it has already been graded and refined),
 * cite with {@code [n]} markers and list each cited source in {@link Answer#citations()}. When the context does
 * not answer the question, return {@link Answer#abstain(String)} instead of guessing. An empty context means
 * nothing relevant survived grading: abstain — unless {@link GenerationRequest#retrievalSkipped()}, when a short
 * conversational reply is expected. When {@link GenerationRequest#feedback()} is set, an earlier answer was
 * rejected by the critic: do not repeat what it objects to. Throwing is allowed: the run degrades and says so.
 * Instances are called from several threads.
 */
@FunctionalInterface
public interface Generator {

    /** The answer to {@code request.query()} from {@code request.context()}. */
    Answer generate(GenerationRequest request);

    /**
     * The same answer, with its text also handed to {@code tokens} piece by piece as it is produced (model tokens,
     * in order; their concatenation is the answer text). The default produces the whole answer and hands over its
     * text at once; generators backed by a streaming model override it. Reflection tokens are never handed over.
     */
    default Answer generate(GenerationRequest request, Consumer<String> tokens) {
        Answer answer = generate(request);
        if (answer != null && !answer.abstained() && !answer.text().isEmpty()) {
            tokens.accept(answer.text());
        }
        return answer;
    }
}

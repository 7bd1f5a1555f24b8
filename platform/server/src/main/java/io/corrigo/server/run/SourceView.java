package io.corrigo.server.run;

import java.util.List;

/**
 * A cited source as a reader opens it from an answer: the passage the answer drew on, sentence by sentence, with the
 * quoted ones marked. Built from the run's own trace (the sentences refinement considered), so it shows what the
 * answer was made from, not a document that may have changed since.
 *
 * @param number    the citation number in the answer
 * @param title     the source's title
 * @param origin    {@code KNOWLEDGE_BASE} or {@code WEB}
 * @param uri       its address, or {@code null}
 * @param sentences the passage's sentences in order
 */
public record SourceView(int number, String title, String origin, String uri, List<Sentence> sentences) {

    /**
     * One sentence of the passage.
     *
     * @param text   the sentence
     * @param quoted whether the answer quoted it
     */
    public record Sentence(String text, boolean quoted) {
    }
}

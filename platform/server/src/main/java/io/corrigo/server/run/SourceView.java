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
 * @param document  the knowledge-base document around the quote (its text before, the quote, after; page and
 *                  section), or {@code null} for a web source or a quote no longer in the document
 */
public record SourceView(int number, String title, String origin, String uri, List<Sentence> sentences,
                         InDocument document) {

    /**
     * The cited document opened at the quote.
     *
     * @param documentId the document
     * @param page       the printed page of the quote (PDFs), or {@code null}
     * @param pages      how many pages the document has, or {@code null}
     * @param section    the section heading, or {@code null}
     * @param start      where the quote starts in the document's text
     * @param end        where it ends
     * @param before     the text before it
     * @param quoted     the quote as the document has it: what is highlighted
     * @param after      the text after it
     */
    public record InDocument(String documentId, Integer page, Integer pages, String section, int start, int end,
                             String before, String quoted, String after) {
    }

    /**
     * One sentence of the passage.
     *
     * @param text   the sentence
     * @param quoted whether the answer quoted it
     */
    public record Sentence(String text, boolean quoted) {
    }
}

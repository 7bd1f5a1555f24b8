package io.corrigo.engine.trace;

import io.corrigo.api.Grade;
import io.corrigo.api.Origin;

/**
 * A retrieved passage or search result as the run saw it.
 *
 * @param id             passage id
 * @param documentId     its document (or URL)
 * @param title          its title, or {@code null}
 * @param origin         knowledge base or web
 * @param retrievalScore the retriever's or search provider's score
 * @param score          the evaluator's score in [0, 1], or {@code null} when not graded (naive mode)
 * @param grade          the grade from the thresholds, or {@code null} when not graded
 * @param kept           whether it went on to refinement (or, in naive mode, to the generator)
 * @param error          why grading failed, or the evaluator's own reason for its grade, or {@code null}
 * @param text           the passage's text as the evaluator saw it (at most {@link #MAX_TEXT} characters), or
 *                       {@code null} in traces recorded before it was kept
 */
public record PassageTrace(String id, String documentId, String title, Origin origin, double retrievalScore,
                           Double score, Grade grade, boolean kept, String error, String text) {

    /** How much of a passage's text a trace keeps. */
    public static final int MAX_TEXT = 4000;

    public PassageTrace {
        text = text == null || text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT - 1) + "\u2026";
    }

    /** A passage trace without its text. */
    public PassageTrace(String id, String documentId, String title, Origin origin, double retrievalScore,
                        Double score, Grade grade, boolean kept, String error) {
        this(id, documentId, title, origin, retrievalScore, score, grade, kept, error, null);
    }
}

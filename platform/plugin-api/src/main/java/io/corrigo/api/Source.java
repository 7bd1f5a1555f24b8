package io.corrigo.api;

import java.util.Objects;

/**
 * The source tag of a passage: what an answer cites.
 *
 * @param origin     knowledge base or web
 * @param documentId the id of the document the passage was cut from (a KB document id, or the URL of a web page)
 * @param title      a human-readable title, or {@code null} when the source has none
 * @param uri        where a user can open the source (a URL, or {@code null} for KB documents without one)
 */
public record Source(Origin origin, String documentId, String title, String uri) {

    public Source {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(documentId, "documentId");
    }

    /** A knowledge-base document without a URL. */
    public static Source knowledgeBase(String documentId, String title) {
        return new Source(Origin.KNOWLEDGE_BASE, documentId, title, null);
    }

    /** A web page (or any search result) identified by its URL. */
    public static Source web(String documentId, String title, String uri) {
        return new Source(Origin.WEB, documentId, title, uri);
    }

    /** A short label for citations: the title when there is one, else the document id. */
    public String label() {
        return title == null || title.isBlank() ? documentId : title;
    }
}

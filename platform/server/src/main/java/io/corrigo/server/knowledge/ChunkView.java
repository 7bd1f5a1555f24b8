package io.corrigo.server.knowledge;

import java.util.List;

/**
 * One chunk of a document as it is indexed (after an admin's edit).
 *
 * @param id        its passage id in the index
 * @param number    its place in the document, from 1
 * @param section   the heading of its section, or {@code null}
 * @param source    where in the upload it comes from: the document's title, or the JSONL row
 * @param text      the indexed text (the edited text when edited)
 * @param sentences its sentences: what refinement keeps or drops
 * @param disabled  whether an admin left it out of the index
 * @param edited    whether an admin replaced its text
 */
public record ChunkView(String id, int number, String section, String source, String text, List<String> sentences,
                        boolean disabled, boolean edited) {
}

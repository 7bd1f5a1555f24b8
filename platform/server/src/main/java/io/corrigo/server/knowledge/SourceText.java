package io.corrigo.server.knowledge;

import java.util.Map;

/**
 * A piece of an upload before chunking: a whole text file, or one JSONL row.
 *
 * @param id       the row's own id (JSONL), kept as passage id; {@code null} for files
 * @param title    a title for citations
 * @param text     the text
 * @param metadata extra fields to keep with every chunk
 */
record SourceText(String id, String title, String text, Map<String, String> metadata) {
}

package io.corrigo.server.knowledge;

import java.util.List;
import java.util.Map;

/**
 * A piece of an upload before chunking, cleaned ({@link TextCleaner}): a whole file, or one JSONL row.
 *
 * @param id       the row's own id (JSONL), kept as passage id; {@code null} for files
 * @param title    the document's title for citations (its metadata, first heading or file name; never an internal id
 *                 when anything better exists)
 * @param sections the cleaned text, by section; a chunk never spans two sections, and keeps its section's heading
 * @param metadata extra fields to keep with every chunk
 * @param pages    which printed page each part of the text is on (PDFs), or {@code null}
 */
record SourceText(String id, String title, List<TextCleaner.Section> sections, Map<String, String> metadata,
                  PageMap pages) {

    SourceText {
        sections = List.copyOf(sections);
        metadata = Map.copyOf(metadata);
    }

    SourceText(String id, String title, List<TextCleaner.Section> sections, Map<String, String> metadata) {
        this(id, title, sections, metadata, null);
    }

    /** The whole cleaned text. */
    String text() {
        return String.join("\n\n", sections.stream().map(TextCleaner.Section::text).filter(t -> !t.isBlank()).toList());
    }
}

package io.corrigo.server.knowledge;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Admins' edits of single chunks (table {@code chunk_override}): applied whenever their document is indexed. */
@Component
class ChunkOverrides {

    /**
     * One chunk's edit.
     *
     * @param text     the text that replaces the chunk's, or {@code null} to keep it
     * @param disabled whether the chunk is left out of the index
     */
    record Override(String text, boolean disabled) {
    }

    private final JdbcTemplate jdbc;

    ChunkOverrides(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The document's edits by chunk id. */
    Map<String, Override> of(String documentId) {
        Map<String, Override> found = new HashMap<>();
        jdbc.query("SELECT chunk_id, text, disabled FROM chunk_override WHERE document_id = ?",
                rs -> {
                    found.put(rs.getString(1), new Override(rs.getString(2), rs.getBoolean(3)));
                }, documentId);
        return found;
    }

    /** Records an edit; one that keeps the text and enables the chunk removes the chunk's edit. */
    void put(String documentId, String chunkId, Override change, Instant now) {
        jdbc.update("DELETE FROM chunk_override WHERE document_id = ? AND chunk_id = ?", documentId, chunkId);
        if (change.text() != null || change.disabled()) {
            jdbc.update("INSERT INTO chunk_override (document_id, chunk_id, text, disabled, updated_at) VALUES (?, ?, ?, ?, ?)",
                    documentId, chunkId, change.text(), change.disabled(), Timestamp.from(now));
        }
    }

    /** Forgets the document's edits (it was replaced by a new upload: its chunks are others now). */
    void clear(String documentId) {
        jdbc.update("DELETE FROM chunk_override WHERE document_id = ?", documentId);
    }
}

package io.corrigo.server.knowledge;

import io.corrigo.server.CorrigoProperties;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.stereotype.Component;

/**
 * Keeps every uploaded original under {@code <data>/tenants/<tenant>/uploads/<document id>}, so a job can resume
 * after a restart and a knowledge base can be re-indexed (e.g. after the embedding model changes).
 */
@Component
class DocumentStore {

    private final Path dataDir;

    DocumentStore(CorrigoProperties properties) {
        this.dataDir = properties.dataDir();
    }

    void put(String tenantId, String documentId, byte[] content) {
        Path file = path(tenantId, documentId);
        try {
            Files.createDirectories(file.getParent());
            Path partial = file.resolveSibling(documentId + ".partial");
            Files.write(partial, content);
            Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store the upload " + documentId, e);
        }
    }

    byte[] get(String tenantId, String documentId) {
        try {
            return Files.readAllBytes(path(tenantId, documentId));
        } catch (IOException e) {
            throw new UncheckedIOException("the original of " + documentId + " is missing", e);
        }
    }

    void delete(String tenantId, String documentId) {
        try {
            Files.deleteIfExists(path(tenantId, documentId));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path path(String tenantId, String documentId) {
        return dataDir.resolve("tenants").resolve(tenantId).resolve("uploads").resolve(documentId);
    }
}

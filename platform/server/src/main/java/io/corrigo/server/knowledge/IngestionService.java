package io.corrigo.server.knowledge;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.tenant.TenantService;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Gets documents into a tenant's knowledge base, as persisted background jobs: what admins, the API and the demo call.
 *
 * <p>{@link #submit} checks every upload (type by content, parsable) before anything is stored, keeps each
 * original ({@link DocumentStore}), records the documents as QUEUED and hands the job to the {@link JobScheduler},
 * which decides which host runs it and when; the {@link DocumentIndexer} then parses, chunks, embeds and writes the
 * documents. Re-uploading a file name replaces that document (same id, chunks replaced).
 */
@Service
public class IngestionService {

    private static final Logger log = LoggerFactory.getLogger(IngestionService.class);

    /** Chunks hold at most this many words (letter/digit runs; about 150 words of running text). */
    static final int MAX_CHUNK_WORDS = 200;
    /** Uploads per request, at most. */
    public static final int MAX_FILES_PER_REQUEST = 20;
    /**
     * Separates a source id from a chunk number in passage ids ({@code covid-650#0~1}): source ids (JSONL "id")
     * are kept as they are, so a passage maps back to its row by cutting at the last separator.
     */
    public static final String CHUNK_SEPARATOR = "~";

    /** An uploaded file. */
    public record Upload(String fileName, String contentType, byte[] content) {
    }

    private final TenantService tenants;
    private final DocumentParser parser;
    private final DocumentStore store;
    private final DocumentRepository documents;
    private final IngestionJobRepository jobs;
    private final KnowledgeBases knowledgeBases;
    private final JobScheduler scheduler;
    private final DocumentIndexer indexer;
    private final ChunkOverrides overrides;
    private final Clock clock;

    private final AuditLog audit;

    IngestionService(TenantService tenants, DocumentParser parser, DocumentStore store, DocumentRepository documents,
                     IngestionJobRepository jobs, KnowledgeBases knowledgeBases, JobScheduler scheduler,
                     DocumentIndexer indexer, ChunkOverrides overrides, Clock clock, AuditLog audit) {
        this.audit = audit;
        this.overrides = overrides;
        this.tenants = tenants;
        this.parser = parser;
        this.store = store;
        this.documents = documents;
        this.jobs = jobs;
        this.knowledgeBases = knowledgeBases;
        this.scheduler = scheduler;
        this.indexer = indexer;
        this.clock = clock;
    }

    /**
     * Checks, stores and queues uploads as one job. Nothing is stored when any upload is refused.
     *
     * @throws ServiceException 400 for a refused upload (type, content, empty), 409 for a read-only retriever
     */
    public JobView submit(String tenantId, List<Upload> uploads) {
        return submit(tenantId, null, uploads);
    }

    /**
     * As {@link #submit(String, List)}, into the knowledge base {@code knowledgeBase} ({@code null}: the default).
     * A file name already in that knowledge base is replaced.
     */
    public JobView submit(String tenantId, String knowledgeBase, List<Upload> uploads) {
        return submit(tenantId, knowledgeBase, uploads, (DocumentScope) null);
    }

    /**
     * As {@link #submit(String, String, List)}, every upload with {@code scope} (its collections, readers and
     * metadata); {@code null} keeps a replaced document's scope and gives a new one none.
     */
    public JobView submit(String tenantId, String knowledgeBase, List<Upload> uploads, DocumentScope scope) {
        return submit(tenantId, knowledgeBase, uploads, java.util.Collections.nCopies(uploads.size(), scope));
    }

    /**
     * As {@link #submit(String, String, List, DocumentScope)}, each upload with its own scope ({@code scopes} in the
     * order of {@code uploads}): what a connector submits, each item with its own source URL and dates.
     */
    public JobView submit(String tenantId, String knowledgeBase, List<Upload> uploads, List<DocumentScope> scopes) {
        if (scopes.size() != uploads.size()) {
            throw new IllegalArgumentException("one scope per upload");
        }
        tenants.require(tenantId);
        KnowledgeBase kb = knowledgeBases.require(tenantId, knowledgeBase);
        if (uploads.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.NO_FILES, "Attach at least one file in the 'file' field.");
        }
        if (uploads.size() > MAX_FILES_PER_REQUEST) {
            throw ServiceException.invalid(ErrorCode.TOO_MANY_FILES,
                    "At most " + MAX_FILES_PER_REQUEST + " files per request; " + uploads.size() + " were sent.");
        }
        indexer.writableIndex(tenantId);
        Map<String, String> types = new LinkedHashMap<>();
        for (Upload upload : uploads) {
            if (upload.fileName() == null || upload.fileName().isBlank()) {
                throw ServiceException.invalid(ErrorCode.NO_FILE_NAME, "Every upload needs a file name.");
            }
            types.put(upload.fileName(), parser.check(upload.fileName(), upload.content()));
        }
        String jobId = newId("j-");
        IngestionJob job = jobs.save(new IngestionJob(jobId, tenantId, IngestionJob.Kind.UPLOAD, uploads.size(), clock.instant()));
        for (int i = 0; i < uploads.size(); i++) {
            Upload upload = uploads.get(i);
            DocumentScope scope = scopes.get(i);
            DocumentRecord document = documents.findFirstByTenantIdAndKnowledgeBaseIdAndName(tenantId, kb.id, upload.fileName())
                    .orElseGet(() -> new DocumentRecord(newId("d-"), tenantId, kb.id, upload.fileName(),
                            types.get(upload.fileName()), clock.instant()));
            if (scope != null) {
                document.scope(scope, clock.instant());
            }
            store.put(tenantId, document.id(), upload.content());
            overrides.clear(document.id()); // a replaced document has other chunks: edits of the old ones do not apply
            document.queue(jobId, types.get(upload.fileName()), upload.content().length, clock.instant());
            documents.save(document);
        }
        scheduler.schedule(tenantId, jobId);
        audit.record("document.upload", tenantId, jobId, null, Map.of("knowledgeBase", kb.id,
                "files", uploads.stream().map(u -> u.fileName() + " (" + u.content().length + " bytes)").toList()));
        return view(job);
    }

    /**
     * Queues a job that indexes every document of one knowledge base ({@code null}: of every knowledge base) again
     * from its stored original, e.g. after its chunking settings or the embedding model changed.
     */
    public JobView reindex(String tenantId, String knowledgeBase) {
        tenants.require(tenantId);
        indexer.writableIndex(tenantId);
        List<DocumentRecord> all = knowledgeBase == null
                ? documents.findByTenantIdOrderByCreatedAtDesc(tenantId)
                : documents.findByKnowledgeBaseId(knowledgeBases.require(tenantId, knowledgeBase).id);
        String jobId = newId("j-");
        IngestionJob job = jobs.save(new IngestionJob(jobId, tenantId, IngestionJob.Kind.REINDEX, all.size(), clock.instant()));
        for (DocumentRecord document : all) {
            document.queue(jobId, document.view().contentType(), document.view().sizeBytes() == null ? 0 : document.view().sizeBytes(), clock.instant());
            documents.save(document);
        }
        scheduler.schedule(tenantId, jobId);
        audit.record("document.reindex", tenantId, jobId, null, Map.of("documents", all.size()));
        return view(job);
    }

    /**
     * The chunks of an indexed document as the index holds them, with the ones an admin disabled.
     * @throws ServiceException 404
     */
    public List<ChunkView> chunks(String tenantId, String documentId) {
        return indexer.chunks(record(tenantId, documentId));
    }

    /**
     * Replaces one chunk's text ({@code text} non-null), disables it or enables it again, and indexes the document
     * again at once with every edit applied; returns its chunks as they are now.
     *
     * @throws ServiceException 404 unknown document or chunk, 409 while the document is being indexed, 400 empty text
     */
    public List<ChunkView> editChunk(String tenantId, String documentId, String chunkId, String text, boolean disabled) {
        if (text != null && text.length() > MAX_CHUNK_EDIT_CHARS) {
            throw ServiceException.invalid(ErrorCode.CHUNK_TOO_LONG, "An edited chunk has at most " + MAX_CHUNK_EDIT_CHARS
                    + " characters; this one has " + text.length() + ".");
        }
        if (text != null && !wellFormed(text)) {
            throw ServiceException.invalid(ErrorCode.INVALID_TEXT, "The text has a broken character (a lone surrogate, or a "
                    + "control character other than tab and line breaks); nothing was changed.");
        }
        ChunkOverrides.Override change = new ChunkOverrides.Override(text == null ? null : text.strip(), disabled);
        List<ChunkView> chunks = indexer.edit(record(tenantId, documentId), chunkId, change);
        audit.record("document.chunk-edit", tenantId, documentId + " " + chunkId, null, change);
        return chunks;
    }

    /**
     * Sets a document's collections, readers and metadata, and indexes it again at once with them: when this returns,
     * every question is scoped by the new values. @throws ServiceException 404, 409 while it is being indexed
     */
    public DocumentView rescope(String tenantId, String documentId, DocumentScope scope) {
        DocumentRecord document = record(tenantId, documentId);
        DocumentView before = document.view();
        document.scope(scope, clock.instant());
        indexer.rescope(document);
        documents.save(document);
        DocumentView after = document.view();
        audit.record("document.scope", tenantId, documentId, Map.of("collections", before.collections(),
                "groups", before.groups(), "metadata", before.metadata()), Map.of("collections", after.collections(),
                "groups", after.groups(), "metadata", after.metadata()));
        return after;
    }

    /** Whether {@code text} is well-formed UTF-16 with no control characters but tab, line feed and carriage return. */
    static boolean wellFormed(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c) || (Character.isISOControl(c) && c != '\t' && c != '\n' && c != '\r')) {
                return false;
            }
        }
        return true;
    }

    /** One document of the tenant. @throws ServiceException 404 */
    public DocumentView document(String tenantId, String documentId) {
        return record(tenantId, documentId).view();
    }

    /** The longest text an edited chunk may have. */
    static final int MAX_CHUNK_EDIT_CHARS = 20_000;

    private DocumentRecord record(String tenantId, String documentId) {
        tenants.require(tenantId);
        return documents.findByIdAndTenantId(documentId, tenantId)
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.DOCUMENT_NOT_FOUND, "No document '" + documentId + "' for tenant '" + tenantId + "'."));
    }

    /** Removes a document: its chunks from the index, its original and its record. @throws ServiceException 404 */
    public void delete(String tenantId, String documentId) {
        tenants.require(tenantId);
        DocumentRecord document = documents.findByIdAndTenantId(documentId, tenantId)
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.DOCUMENT_NOT_FOUND, "No document '" + documentId + "' for tenant '" + tenantId + "'."));
        indexer.writableIndex(tenantId).deleteDocument(documentId);
        store.delete(tenantId, documentId);
        documents.delete(document);
        audit.record("document.delete", tenantId, documentId, document.view(), null);
        log.info("Tenant {}: deleted document {} ('{}')", tenantId, documentId, document.name());
    }

    /** Waits at most {@code max} for a job to finish and returns it as it is then. */
    public JobView await(String tenantId, String jobId, Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        JobView job = job(tenantId, jobId);
        while (!job.finished() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            job = job(tenantId, jobId);
        }
        return job;
    }

    /** A job of the tenant with its documents. @throws ServiceException 404 */
    public JobView job(String tenantId, String jobId) {
        tenants.require(tenantId);
        return jobs.findByIdAndTenantId(jobId, tenantId).map(this::view)
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.JOB_NOT_FOUND, "No job '" + jobId + "' for tenant '" + tenantId + "'."));
    }

    /** The tenant's jobs, newest first. */
    public List<JobView> jobs(String tenantId) {
        tenants.require(tenantId);
        return jobs.findByTenantIdOrderByCreatedAtDesc(tenantId).stream().map(this::view).toList();
    }

    public List<DocumentView> list(String tenantId) {
        tenants.require(tenantId);
        return documents.findByTenantIdOrderByCreatedAtDesc(tenantId).stream().map(DocumentRecord::view).toList();
    }

    private JobView view(IngestionJob job) {
        return job.view(documents.findByJobId(job.id).stream().map(DocumentRecord::view).toList());
    }

    private static String newId(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }
}

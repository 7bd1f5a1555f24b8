package io.corrigo.server.knowledge;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.KnowledgeIndex;
import io.corrigo.api.Passage;
import io.corrigo.api.Source;
import io.corrigo.api.Strip;
import io.corrigo.engine.Failures;
import io.corrigo.server.DaemonThreads;
import io.corrigo.server.pipeline.PipelineRuntimes;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.web.ApiException;
import jakarta.annotation.PreDestroy;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

/**
 * Gets documents into a tenant's knowledge base, as persisted background jobs.
 *
 * <p>{@link #submit} checks every upload (type by content, parsable) before anything is stored, keeps each
 * original ({@link DocumentStore}), records the documents as QUEUED and queues a job. One worker per host runs
 * jobs in order: it parses and chunks all of a job's documents first (so the job knows its total of chunks), then,
 * per document, removes the document's old chunks, embeds each chunk's sentences once (they become its strips;
 * the passage vector is their normalised mean: one model call per sentence, no extra call per passage) and
 * writes them to the retriever's {@link KnowledgeIndex} in batches, updating the job's progress. A document that
 * fails is marked FAILED with the reason and the others go on.
 *
 * <p>Re-uploading a file name replaces that document (same id, chunks replaced); passage ids are deterministic
 * ({@code <document id>~<n>}, or the JSONL row id), and a document's old chunks are deleted before it is indexed,
 * so a job that was killed half-way and runs again on start-up ({@link #resumeUnfinished}) neither duplicates nor
 * loses chunks.
 */
@Service
public class IngestionService {

    private static final Logger log = LoggerFactory.getLogger(IngestionService.class);
    private static final int BATCH = 64;

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
    private final PipelineRuntimes runtimes;
    private final EmbeddingService embeddings;
    private final DocumentParser parser;
    private final DocumentStore store;
    private final DocumentRepository documents;
    private final IngestionJobRepository jobs;
    private final KnowledgeBases knowledgeBases;
    private final Clock clock;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(DaemonThreads.named("corrigo-ingestion"));
    /**
     * Embeds the chunks of a batch concurrently: ONNX Runtime already spreads one call over the cores, but three
     * callers still gained about 20 % throughput on 2 cores (measured; see the ingestion benchmark).
     */
    private final ExecutorService embedders = Executors.newFixedThreadPool(EMBEDDING_THREADS,
            DaemonThreads.named("corrigo-embedding"));
    static final int EMBEDDING_THREADS = 3;

    IngestionService(TenantService tenants, PipelineRuntimes runtimes, EmbeddingService embeddings,
                     DocumentParser parser, DocumentStore store, DocumentRepository documents,
                     IngestionJobRepository jobs, KnowledgeBases knowledgeBases, Clock clock) {
        this.knowledgeBases = knowledgeBases;
        this.tenants = tenants;
        this.runtimes = runtimes;
        this.embeddings = embeddings;
        this.parser = parser;
        this.store = store;
        this.documents = documents;
        this.jobs = jobs;
        this.clock = clock;
    }

    /**
     * Checks, stores and queues uploads as one job. Nothing is stored when any upload is refused.
     *
     * @throws ApiException 400 for a refused upload (type, content, empty), 409 for a read-only retriever
     */
    public JobView submit(String tenantId, List<Upload> uploads) {
        return submit(tenantId, null, uploads);
    }

    /**
     * As {@link #submit(String, List)}, into the knowledge base {@code knowledgeBase} ({@code null}: the default).
     * A file name already in that knowledge base is replaced.
     */
    public JobView submit(String tenantId, String knowledgeBase, List<Upload> uploads) {
        tenants.require(tenantId);
        KnowledgeBase kb = knowledgeBases.require(tenantId, knowledgeBase);
        if (uploads.isEmpty()) {
            throw ApiException.badRequest("no_files", "Attach at least one file in the 'file' field.");
        }
        if (uploads.size() > MAX_FILES_PER_REQUEST) {
            throw ApiException.badRequest("too_many_files",
                    "At most " + MAX_FILES_PER_REQUEST + " files per request; " + uploads.size() + " were sent.");
        }
        requireWritableIndex(tenantId);
        Map<String, String> types = new LinkedHashMap<>();
        for (Upload upload : uploads) {
            if (upload.fileName() == null || upload.fileName().isBlank()) {
                throw ApiException.badRequest("no_file_name", "Every upload needs a file name.");
            }
            types.put(upload.fileName(), parser.parse(upload.fileName(), upload.content()).mediaType());
        }
        String jobId = newId("j-");
        IngestionJob job = jobs.save(new IngestionJob(jobId, tenantId, IngestionJob.Kind.UPLOAD, uploads.size(), clock.instant()));
        for (Upload upload : uploads) {
            DocumentRecord document = documents.findFirstByTenantIdAndKnowledgeBaseIdAndName(tenantId, kb.id, upload.fileName())
                    .orElseGet(() -> new DocumentRecord(newId("d-"), tenantId, kb.id, upload.fileName(),
                            types.get(upload.fileName()), clock.instant()));
            store.put(tenantId, document.id(), upload.content());
            document.queue(jobId, types.get(upload.fileName()), upload.content().length, clock.instant());
            documents.save(document);
        }
        worker.submit(() -> run(jobId));
        return view(job);
    }

    /**
     * Queues a job that indexes every document of one knowledge base ({@code null}: of every knowledge base) again
     * from its stored original, e.g. after its chunking settings or the embedding model changed.
     */
    public JobView reindex(String tenantId, String knowledgeBase) {
        tenants.require(tenantId);
        requireWritableIndex(tenantId);
        List<DocumentRecord> all = knowledgeBase == null
                ? documents.findByTenantIdOrderByCreatedAtDesc(tenantId)
                : documents.findByKnowledgeBaseId(knowledgeBases.require(tenantId, knowledgeBase).id);
        String jobId = newId("j-");
        IngestionJob job = jobs.save(new IngestionJob(jobId, tenantId, IngestionJob.Kind.REINDEX, all.size(), clock.instant()));
        for (DocumentRecord document : all) {
            document.queue(jobId, document.view().contentType(), document.view().sizeBytes() == null ? 0 : document.view().sizeBytes(), clock.instant());
            documents.save(document);
        }
        worker.submit(() -> run(jobId));
        return view(job);
    }

    /** Removes a document: its chunks from the index, its original and its record. @throws ApiException 404 */
    public void delete(String tenantId, String documentId) {
        tenants.require(tenantId);
        DocumentRecord document = documents.findByIdAndTenantId(documentId, tenantId)
                .orElseThrow(() -> ApiException.notFound("document_not_found", "No document '" + documentId + "' for tenant '" + tenantId + "'."));
        requireWritableIndex(tenantId).deleteDocument(documentId);
        store.delete(tenantId, documentId);
        documents.delete(document);
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

    /** A job of the tenant with its documents. @throws ApiException 404 */
    public JobView job(String tenantId, String jobId) {
        tenants.require(tenantId);
        return jobs.findByIdAndTenantId(jobId, tenantId).map(this::view)
                .orElseThrow(() -> ApiException.notFound("job_not_found", "No job '" + jobId + "' for tenant '" + tenantId + "'."));
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

    /** Queues again every job a stopped host left QUEUED or RUNNING. */
    @EventListener(ApplicationReadyEvent.class)
    public void resumeUnfinished() {
        for (IngestionJob job : jobs.findByStateInOrderByCreatedAt(List.of(IngestionJob.State.QUEUED, IngestionJob.State.RUNNING))) {
            log.info("Resuming ingestion job {} of tenant {} ({} of {} documents done)", job.id, job.tenantId,
                    job.documentsDone, job.documentsTotal);
            worker.submit(() -> run(job.id));
        }
    }

    private KnowledgeIndex requireWritableIndex(String tenantId) {
        return runtimes.forTenant(tenantId).knowledgeIndex().orElseThrow(() -> new ApiException(
                HttpStatus.CONFLICT, "read_only_retriever",
                "The tenant's retriever cannot be written to; documents must be indexed at its source.", List.of()));
    }

    /** Runs a job to its end; each document ends INDEXED or FAILED. */
    private void run(String jobId) {
        IngestionJob job = jobs.findById(jobId).orElse(null);
        if (job == null || job.state == IngestionJob.State.DONE || job.state == IngestionJob.State.FAILED) {
            return;
        }
        try {
            job.state = IngestionJob.State.RUNNING;
            job.updatedAt = clock.instant();
            jobs.save(job);
            KnowledgeIndex index = requireWritableIndex(job.tenantId);
            List<DocumentRecord> all = documents.findByJobId(jobId);
            // counted from the documents, so a resumed job does not count a half-indexed document twice
            job.documentsDone = (int) all.stream().filter(d -> d.status() == DocumentRecord.Status.INDEXED).count();
            job.documentsFailed = (int) all.stream().filter(d -> d.status() == DocumentRecord.Status.FAILED).count();
            job.chunksDone = all.stream().filter(d -> d.status() == DocumentRecord.Status.INDEXED)
                    .mapToInt(d -> d.view().chunkCount()).sum();
            List<DocumentRecord> pending = all.stream()
                    .filter(d -> d.status() == DocumentRecord.Status.QUEUED || d.status() == DocumentRecord.Status.INDEXING)
                    .toList();
            Map<String, List<Chunked>> parsed = new LinkedHashMap<>();
            Map<String, Chunker> chunkers = new HashMap<>();
            for (DocumentRecord document : pending) {
                try {
                    Chunker chunker = chunkers.computeIfAbsent(String.valueOf(document.knowledgeBaseId()), id -> {
                        if (document.knowledgeBaseId() == null) {
                            return new Chunker(MAX_CHUNK_WORDS, 0);
                        }
                        KnowledgeBase kb = knowledgeBases.byId(document.knowledgeBaseId());
                        return new Chunker(kb.maxChunkWords, kb.overlapSentences);
                    });
                    parsed.put(document.id(), chunk(chunker, document,
                            parser.parse(document.name(), store.get(job.tenantId, document.id())).texts()));
                } catch (RuntimeException e) {
                    fail(job, document, e);
                }
            }
            job.chunksTotal = job.chunksDone + parsed.values().stream().mapToInt(List::size).sum();
            jobs.save(job);
            for (DocumentRecord document : pending) {
                List<Chunked> chunks = parsed.get(document.id());
                if (chunks != null) {
                    index(job, document, chunks, index);
                }
            }
            job.state = IngestionJob.State.DONE;
        } catch (RuntimeException e) {
            log.error("Ingestion job {} failed: {}", jobId, e.toString(), e);
            job.state = IngestionJob.State.FAILED;
        }
        job.updatedAt = clock.instant();
        jobs.save(job);
        log.info("Ingestion job {} of tenant {} {}: {} document(s) indexed, {} failed, {} chunks", jobId, job.tenantId,
                job.state, job.documentsDone, job.documentsFailed, job.chunksDone);
    }

    private void index(IngestionJob job, DocumentRecord document, List<Chunked> chunks, KnowledgeIndex index) {
        document.indexing(clock.instant());
        documents.save(document);
        try {
            index.deleteDocument(document.id());
            for (int from = 0; from < chunks.size(); from += BATCH) {
                List<Passage> batch = embed(chunks.subList(from, Math.min(chunks.size(), from + BATCH)));
                index.upsert(batch);
                progress(job, batch.size());
            }
            document.indexed(chunks.size(), clock.instant());
            documents.save(document);
            job.documentsDone++;
            jobs.save(job);
        } catch (RuntimeException e) {
            try {
                index.deleteDocument(document.id());
            } catch (RuntimeException cleanup) {
                log.warn("Removing partial chunks of {} failed: {}", document.id(), cleanup.toString());
            }
            fail(job, document, e);
        }
    }

    private void progress(IngestionJob job, int chunks) {
        if ((job.chunksDone + chunks) / 512 > job.chunksDone / 512) {
            log.info("Ingestion job {} of tenant {}: {} of {} chunks indexed", job.id, job.tenantId,
                    job.chunksDone + chunks, job.chunksTotal);
        }
        job.chunksDone += chunks;
        job.updatedAt = clock.instant();
        jobs.save(job);
    }

    private void fail(IngestionJob job, DocumentRecord document, RuntimeException e) {
        String reason = e instanceof ApiException api ? api.getMessage() : Failures.describe(e);
        log.warn("Tenant {}: document '{}' failed: {}", job.tenantId, document.name(), reason);
        document.failed(reason, clock.instant());
        documents.save(document);
        job.documentsFailed++;
        jobs.save(job);
    }

    /** A chunk with what its passage needs. */
    private record Chunked(String id, String documentId, String knowledgeBaseId, SourceText source, Chunker.Chunk chunk) {
    }

    private List<Chunked> chunk(Chunker chunker, DocumentRecord document, List<SourceText> sources) {
        String documentId = document.id();
        List<Chunked> result = new ArrayList<>();
        for (int s = 0; s < sources.size(); s++) {
            SourceText source = sources.get(s);
            List<Chunker.Chunk> chunks = chunker.chunk(source.text());
            for (int c = 0; c < chunks.size(); c++) {
                String id = source.id() != null
                        ? (chunks.size() == 1 ? source.id() : source.id() + CHUNK_SEPARATOR + c)
                        : documentId + CHUNK_SEPARATOR + (sources.size() == 1 ? "" : s + ".") + c;
                result.add(new Chunked(id, documentId, document.knowledgeBaseId(), source, chunks.get(c)));
            }
        }
        return result;
    }

    /** The chunks as passages, embedded on the embedding threads, in order. */
    private List<Passage> embed(List<Chunked> chunks) {
        List<java.util.concurrent.Future<Passage>> futures = new ArrayList<>(chunks.size());
        for (Chunked chunk : chunks) {
            futures.add(embedders.submit(() -> passage(chunk)));
        }
        List<Passage> passages = new ArrayList<>(chunks.size());
        try {
            for (java.util.concurrent.Future<Passage> future : futures) {
                passages.add(future.get());
            }
        } catch (InterruptedException e) {
            futures.forEach(f -> f.cancel(true));
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while embedding", e);
        } catch (java.util.concurrent.ExecutionException e) {
            futures.forEach(f -> f.cancel(true));
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
        return passages;
    }

    private Passage passage(Chunked c) {
        List<Strip> strips = new ArrayList<>();
        List<String> sentences = c.chunk().sentences();
        for (int i = 0; i < sentences.size(); i++) {
            strips.add(new Strip(i, sentences.get(i), embeddings.embed(sentences.get(i))));
        }
        Embedding vector = strips.isEmpty() ? embeddings.embed(c.chunk().text())
                : Embedding.meanOf(strips.stream().map(Strip::embedding).toList());
        Map<String, String> metadata = new HashMap<>(c.source().metadata());
        metadata.put("embeddingModel", embeddings.modelId());
        if (c.knowledgeBaseId() != null) {
            metadata.put("knowledgeBase", c.knowledgeBaseId());
        }
        return new Passage(c.id(), c.chunk().text(), Source.knowledgeBase(c.documentId(), c.source().title()), 0,
                vector, strips, metadata);
    }

    private JobView view(IngestionJob job) {
        return job.view(documents.findByJobId(job.id).stream().map(DocumentRecord::view).toList());
    }

    private static String newId(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    @PreDestroy
    void stop() {
        worker.shutdownNow();
        embedders.shutdownNow();
    }
}

package io.corrigo.server.knowledge;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.KnowledgeIndex;
import io.corrigo.api.Passage;
import io.corrigo.api.Source;
import io.corrigo.api.Strip;
import io.corrigo.engine.trace.Failures;
import io.corrigo.server.DaemonThreads;
import io.corrigo.server.HostId;
import io.corrigo.server.pipeline.PipelineRuntimes;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.problem.ServiceException;
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
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

/**
 * Gets documents into a tenant's knowledge base, as persisted background jobs.
 *
 * <p>{@link #submit} checks every upload (type by content, parsable) before anything is stored, keeps each
 * original ({@link DocumentStore}), records the documents as QUEUED and queues a job. A few workers per host
 * ({@code corrigo.ingestion.workers}, 2) take jobs tenant by tenant ({@link FairJobQueue}: one job per tenant at a
 * time, tenants in turn), so one tenant's long job does not hold another's upload. A job parses and chunks all of
 * its documents first (so it knows its total of chunks), then,
 * per document, removes the document's old chunks, embeds each chunk's sentences once (they become its strips;
 * the passage vector is their normalised mean: one model call per sentence, no extra call per passage) and
 * writes them to the retriever's {@link KnowledgeIndex} in batches, updating the job's progress. A document that
 * fails is marked FAILED with the reason and the others go on. A document deleted while its job runs is dropped
 * from it (its chunks so far removed); when the tenant is disabled, the job stops within a batch and its remaining
 * documents fail as cancelled.
 *
 * <p>Re-uploading a file name replaces that document (same id, chunks replaced); passage ids are deterministic
 * ({@code <document id>~<n>}, or the JSONL row id), and a document's old chunks are deleted before it is indexed,
 * so a job that was killed half-way and runs again neither duplicates nor loses chunks.
 *
 * <p>Several hosts may share the database: a job is run by the host that claims it ({@link IngestionJobRepository#claim},
 * atomic in the database), which renews its lease while it works; every host sweeps for open jobs every {@link #SWEEP}
 * and takes over one whose lease ran out ({@link #LEASE}), e.g. after its host died. Every write of a job's progress
 * first renews the lease, which fails for a host that lost its claim: that host stops, so no job is ingested twice
 * at once. The uploaded originals live in
 * the data directory, which hosts that share jobs must share too.
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
    /** Jobs waiting on this host, handed to the workers tenant by tenant ({@link FairJobQueue}). */
    private final FairJobQueue waiting = new FairJobQueue();
    private final ExecutorService workers;
    /**
     * Embeds the chunks of a batch concurrently: ONNX Runtime already spreads one call over the cores, but three
     * callers still gained about 20 % throughput on 2 cores (measured; see the ingestion benchmark).
     */
    private final ExecutorService embedders = Executors.newFixedThreadPool(EMBEDDING_THREADS,
            DaemonThreads.named("corrigo-embedding"));
    static final int EMBEDDING_THREADS = 3;

    /** A claim on a job lapses when its host has not renewed it for this long; another host may then take the job. */
    static final Duration LEASE = Duration.ofSeconds(30);
    /** How often a host looks for open jobs nobody holds (and renews the lease on the one it works on). */
    static final Duration SWEEP = Duration.ofSeconds(10);
    private static final List<IngestionJob.State> OPEN = List.of(IngestionJob.State.QUEUED, IngestionJob.State.RUNNING);

    private final String hostId;
    private final Set<String> queued = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService leases = Executors.newSingleThreadScheduledExecutor(
            DaemonThreads.named("corrigo-ingestion-lease"));
    /** The jobs this host is working on (their leases are renewed by the sweep). */
    private final Set<String> working = ConcurrentHashMap.newKeySet();

    IngestionService(TenantService tenants, PipelineRuntimes runtimes, EmbeddingService embeddings,
                     DocumentParser parser, DocumentStore store, DocumentRepository documents,
                     IngestionJobRepository jobs, KnowledgeBases knowledgeBases, Clock clock,
                     @Value("${corrigo.host-id:}") String hostId, @Value("${corrigo.ingestion.workers:2}") int workers) {
        this.hostId = HostId.resolve(hostId);
        if (workers < 1) {
            throw new IllegalArgumentException("corrigo.ingestion.workers must be at least 1");
        }
        this.workers = Executors.newFixedThreadPool(workers, DaemonThreads.named("corrigo-ingestion"));
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
        tenants.require(tenantId);
        KnowledgeBase kb = knowledgeBases.require(tenantId, knowledgeBase);
        if (uploads.isEmpty()) {
            throw ServiceException.invalid("no_files", "Attach at least one file in the 'file' field.");
        }
        if (uploads.size() > MAX_FILES_PER_REQUEST) {
            throw ServiceException.invalid("too_many_files",
                    "At most " + MAX_FILES_PER_REQUEST + " files per request; " + uploads.size() + " were sent.");
        }
        requireWritableIndex(tenantId);
        Map<String, String> types = new LinkedHashMap<>();
        for (Upload upload : uploads) {
            if (upload.fileName() == null || upload.fileName().isBlank()) {
                throw ServiceException.invalid("no_file_name", "Every upload needs a file name.");
            }
            types.put(upload.fileName(), parser.check(upload.fileName(), upload.content()));
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
        schedule(tenantId, jobId);
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
        schedule(tenantId, jobId);
        return view(job);
    }

    /** Removes a document: its chunks from the index, its original and its record. @throws ServiceException 404 */
    public void delete(String tenantId, String documentId) {
        tenants.require(tenantId);
        DocumentRecord document = documents.findByIdAndTenantId(documentId, tenantId)
                .orElseThrow(() -> ServiceException.notFound("document_not_found", "No document '" + documentId + "' for tenant '" + tenantId + "'."));
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

    /** A job of the tenant with its documents. @throws ServiceException 404 */
    public JobView job(String tenantId, String jobId) {
        tenants.require(tenantId);
        return jobs.findByIdAndTenantId(jobId, tenantId).map(this::view)
                .orElseThrow(() -> ServiceException.notFound("job_not_found", "No job '" + jobId + "' for tenant '" + tenantId + "'."));
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

    /** This host's name in job claims ({@code corrigo.host-id}; by default the machine's host name). */
    public String hostId() {
        return hostId;
    }

    /**
     * From start-up on, every {@link #SWEEP}: queues the open jobs this host may work on (unclaimed, its own from
     * before a restart, or another host's whose lease ran out) and renews the lease on the job it is working on.
     */
    @EventListener(ApplicationReadyEvent.class)
    public void startSweeping() {
        leases.scheduleWithFixedDelay(this::sweep, 0, SWEEP.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Queues every open job this host may claim now. */
    public void sweep() {
        try {
            for (String job : working) {
                if (jobs.heartbeat(job, hostId, clock.instant()) == 0) {
                    log.warn("Ingestion job {}: this host's claim was taken over", job);
                }
            }
            Instant staleBefore = clock.instant().minus(LEASE);
            for (IngestionJob job : jobs.findByStateInOrderByCreatedAt(OPEN)) {
                boolean claimable = job.claimedBy == null || hostId.equals(job.claimedBy) || job.heartbeatAt == null
                        || job.heartbeatAt.isBefore(staleBefore);
                if (claimable && !queued.contains(job.id)) {
                    log.info("Ingestion job {} of tenant {} queued on host {} ({} of {} documents done{})", job.id,
                            job.tenantId, hostId, job.documentsDone, job.documentsTotal,
                            job.claimedBy == null || hostId.equals(job.claimedBy) ? "" : ", taken over from " + job.claimedBy);
                    schedule(job.tenantId, job.id);
                }
            }
        } catch (RuntimeException e) {
            log.warn("Looking for ingestion jobs failed: {}", e.toString());
        }
    }

    /** This host no longer holds the job it was working on: another host took it over. */
    static final class LostClaimException extends RuntimeException {
        LostClaimException(String jobId) {
            super("job " + jobId + " is held by another host now");
        }
    }

    /**
     * Saves the job's progress if this host still holds it, renewing its lease. A takeover needs {@link #LEASE} without
     * a renewal, so the moment between the check and the write cannot let another host in.
     *
     * @throws LostClaimException when another host took the job over
     */
    private void save(IngestionJob job) {
        Instant now = clock.instant();
        if (jobs.heartbeat(job.id, hostId, now) == 0) {
            throw new LostClaimException(job.id);
        }
        job.claimedBy = hostId;
        job.heartbeatAt = now;
        jobs.save(job);
    }

    /** Queues a job on this host: a worker takes it when it is its tenant's turn ({@link FairJobQueue}). */
    private void schedule(String tenantId, String jobId) {
        if (queued.add(jobId)) {
            waiting.offer(tenantId, jobId);
            workers.submit(this::runNext);
        }
    }

    /**
     * Runs the next job in turn, if any may run now. Every queued job submits one of these; one that finds only jobs
     * of tenants already running leaves them to the next, which each finished job submits.
     */
    private void runNext() {
        FairJobQueue.Next next = waiting.poll().orElse(null);
        if (next == null) {
            return;
        }
        try {
            run(next.jobId());
        } catch (RuntimeException e) {
            log.error("Ingestion job {} could not run on host {}: {}", next.jobId(), hostId, e.toString(), e);
        } finally {
            queued.remove(next.jobId());
            waiting.done(next.tenantId());
            if (!waiting.isEmpty()) {
                workers.submit(this::runNext);
            }
        }
    }

    private KnowledgeIndex requireWritableIndex(String tenantId) {
        return runtimes.forTenant(tenantId).knowledgeIndex().orElseThrow(() -> ServiceException.conflict(
                "read_only_retriever",
                "The tenant's retriever cannot be written to; documents must be indexed at its source."));
    }

    /**
     * Claims a job and runs it to its end; each document ends INDEXED or FAILED. Returns at once when another host
     * holds the job, and stops when another host takes it over (its lease ran out) without writing further.
     */
    private void run(String jobId) {
        Instant now = clock.instant();
        if (jobs.claim(jobId, hostId, now, now.minus(LEASE), OPEN) == 0) {
            return; // finished, or another host is on it
        }
        IngestionJob job = jobs.findById(jobId).orElse(null);
        if (job == null) {
            return;
        }
        working.add(jobId);
        try {
            job.state = IngestionJob.State.RUNNING;
            job.updatedAt = clock.instant();
            save(job);
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
                String cancelled = cancelled(job, document);
                if (cancelled != null) {
                    stop(job, document, cancelled, null);
                    continue;
                }
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
            save(job);
            for (DocumentRecord document : pending) {
                List<Chunked> chunks = parsed.get(document.id());
                if (chunks != null) {
                    index(job, document, chunks, index);
                }
            }
            job.state = tenantEnabled(job.tenantId) ? IngestionJob.State.DONE : IngestionJob.State.FAILED;
        } catch (LostClaimException e) {
            log.warn("Ingestion job {}: another host took it over; this host stops working on it", jobId);
            working.remove(jobId);
            return;
        } catch (RuntimeException e) {
            log.error("Ingestion job {} failed: {}", jobId, e.toString(), e);
            job.state = IngestionJob.State.FAILED;
        }
        working.remove(jobId);
        job.updatedAt = clock.instant();
        try {
            save(job);
        } catch (LostClaimException e) {
            log.warn("Ingestion job {}: another host took it over before it was recorded as {}", jobId, job.state);
            return;
        }
        log.info("Ingestion job {} of tenant {} {}: {} document(s) indexed, {} failed, {} chunks", jobId, job.tenantId,
                job.state, job.documentsDone, job.documentsFailed, job.chunksDone);
    }

    private void index(IngestionJob job, DocumentRecord document, List<Chunked> chunks, KnowledgeIndex index) {
        document.indexing(clock.instant());
        documents.save(document);
        try {
            index.deleteDocument(document.id());
            for (int from = 0; from < chunks.size(); from += BATCH) {
                String cancelled = cancelled(job, document);
                if (cancelled != null) {
                    stop(job, document, cancelled, index);
                    return;
                }
                List<Passage> batch = embed(chunks.subList(from, Math.min(chunks.size(), from + BATCH)));
                index.upsert(batch);
                progress(job, batch.size());
            }
            if (!documents.existsById(document.id())) {
                stop(job, document, DELETED, index);
                return;
            }
            document.indexed(chunks.size(), clock.instant());
            documents.save(document);
            job.documentsDone++;
            save(job);
        } catch (LostClaimException e) {
            throw e; // the job is another host's now: leave its documents to it
        } catch (RuntimeException e) {
            removeChunks(index, document);
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
        save(job);
    }

    private void fail(IngestionJob job, DocumentRecord document, RuntimeException e) {
        fail(job, document, e instanceof ServiceException api ? api.getMessage() : Failures.describe(e));
    }

    private void fail(IngestionJob job, DocumentRecord document, String reason) {
        log.warn("Tenant {}: document '{}' failed: {}", job.tenantId, document.name(), reason);
        if (documents.existsById(document.id())) { // saving a deleted document would bring it back
            document.failed(reason, clock.instant());
            documents.save(document);
        }
        job.documentsFailed++;
        save(job);
    }

    private static final String DELETED = "deleted while it was being indexed";

    /**
     * Why the job must not go on with {@code document}: its tenant was disabled or the document deleted since the
     * job started; {@code null} to go on. Checked before each document and each batch, so a cancelled job stops
     * within one batch.
     */
    private String cancelled(IngestionJob job, DocumentRecord document) {
        if (!tenantEnabled(job.tenantId)) {
            return "cancelled: the tenant was disabled";
        }
        return documents.existsById(document.id()) ? null : DELETED;
    }

    private boolean tenantEnabled(String tenantId) {
        try {
            return tenants.find(tenantId).enabled();
        } catch (ServiceException gone) {
            return false;
        }
    }

    /** Stops working on a document: its chunks so far are removed; a deleted one stays deleted, others fail. */
    private void stop(IngestionJob job, DocumentRecord document, String reason, KnowledgeIndex index) {
        log.info("Ingestion job {} of tenant {}: document '{}' {}", job.id, job.tenantId, document.name(), reason);
        if (index != null) {
            removeChunks(index, document);
        }
        if (!DELETED.equals(reason)) {
            fail(job, document, reason);
        }
    }

    /** Removes what a document that did not finish left in the index; a failure to do so is logged, not thrown. */
    private static void removeChunks(KnowledgeIndex index, DocumentRecord document) {
        try {
            index.deleteDocument(document.id());
        } catch (RuntimeException cleanup) {
            log.warn("Removing partial chunks of {} failed: {}", document.id(), cleanup.toString());
        }
    }

    /** A chunk with what its passage needs. */
    private record Chunked(String id, String documentId, String knowledgeBaseId, SourceText source, Chunker.Chunk chunk,
                           String section) {
    }

    private List<Chunked> chunk(Chunker chunker, DocumentRecord document, List<SourceText> sources) {
        String documentId = document.id();
        List<Chunked> result = new ArrayList<>();
        for (int s = 0; s < sources.size(); s++) {
            SourceText source = sources.get(s);
            // a chunk never spans two sections, and carries its section's heading
            List<Chunker.Chunk> chunks = new ArrayList<>();
            List<String> headings = new ArrayList<>();
            for (TextCleaner.Section section : source.sections()) {
                for (Chunker.Chunk chunk : chunker.chunk(section.text())) {
                    chunks.add(chunk);
                    headings.add(section.heading());
                }
            }
            for (int c = 0; c < chunks.size(); c++) {
                String id = source.id() != null
                        ? (chunks.size() == 1 ? source.id() : source.id() + CHUNK_SEPARATOR + c)
                        : documentId + CHUNK_SEPARATOR + (sources.size() == 1 ? "" : s + ".") + c;
                result.add(new Chunked(id, documentId, document.knowledgeBaseId(), source, chunks.get(c), headings.get(c)));
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
        if (c.section() != null) {
            metadata.put("section", c.section());
        }
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
        workers.shutdownNow();
        embedders.shutdownNow();
    }
}

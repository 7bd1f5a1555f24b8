package io.corrigo.server.knowledge;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.KnowledgeIndex;
import io.corrigo.api.Passage;
import io.corrigo.api.PassageFilter;
import io.corrigo.api.Source;
import io.corrigo.api.Strip;
import io.corrigo.engine.trace.Failures;
import io.corrigo.server.DaemonThreads;
import io.corrigo.server.pipeline.PipelineRuntimes;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.tenant.TenantService;
import jakarta.annotation.PreDestroy;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Indexes the documents of one ingestion job that {@link JobScheduler} handed over: parses and chunks all of them
 * first (so the job knows its total of chunks), then, per document, removes its old chunks, embeds each chunk's
 * sentences once (they become its strips; the passage vector is their normalised mean: one model call per sentence,
 * no extra call per passage) and writes them to the retriever's {@link KnowledgeIndex} in batches, recording the job's
 * progress. A document that fails is marked FAILED with the reason and the others go on. A document deleted while the
 * job runs is dropped (its chunks so far removed); when the tenant is disabled, the job stops within a batch and its
 * remaining documents fail as cancelled.
 *
 * <p>Passage ids are deterministic ({@code <document id>~<n>}, or the JSONL row id) and a document's old chunks are
 * deleted before it is indexed, so a job that was killed half-way and runs again neither duplicates nor loses chunks.
 */
@Component
class DocumentIndexer {

    private static final Logger log = LoggerFactory.getLogger(DocumentIndexer.class);
    private static final int BATCH = 64;
    /**
     * Embeds the chunks of a batch concurrently: ONNX Runtime already spreads one call over the cores, but three
     * callers still gained about 20 % throughput on 2 cores (measured; see the ingestion benchmark).
     */
    static final int EMBEDDING_THREADS = 3;
    private static final String DELETED = "deleted while it was being indexed";

    /** Where a job's progress goes; throws {@link JobScheduler.LostClaimException} once the job is another host's. */
    interface Progress {
        void save(IngestionJob job);
    }

    private final TenantService tenants;
    private final PipelineRuntimes runtimes;
    private final EmbeddingService embeddings;
    private final DocumentParser parser;
    private final DocumentStore store;
    private final DocumentRepository documents;
    private final KnowledgeBases knowledgeBases;
    private final ChunkOverrides overrides;
    private final Clock clock;
    private final ExecutorService embedders = Executors.newFixedThreadPool(EMBEDDING_THREADS,
            DaemonThreads.named("corrigo-embedding"));

    DocumentIndexer(TenantService tenants, PipelineRuntimes runtimes, EmbeddingService embeddings, DocumentParser parser,
                    DocumentStore store, DocumentRepository documents, KnowledgeBases knowledgeBases,
                    ChunkOverrides overrides, Clock clock) {
        this.overrides = overrides;
        this.tenants = tenants;
        this.runtimes = runtimes;
        this.embeddings = embeddings;
        this.parser = parser;
        this.store = store;
        this.documents = documents;
        this.knowledgeBases = knowledgeBases;
        this.clock = clock;
    }

    /** The tenant's index, if its retriever can be written to. @throws ServiceException 409 when it cannot */
    KnowledgeIndex writableIndex(String tenantId) {
        return runtimes.forTenant(tenantId).knowledgeIndex().orElseThrow(() -> ServiceException.conflict(
                ErrorCode.READ_ONLY_RETRIEVER,
                "The tenant's retriever cannot be written to; documents must be indexed at its source."));
    }

    /**
     * Indexes the job's pending documents; each ends INDEXED or FAILED. Returns the state the job ends in: DONE, or
     * FAILED when its tenant was disabled meanwhile.
     *
     * @throws JobScheduler.LostClaimException when another host took the job over: this host stops writing at once
     */
    IngestionJob.State run(IngestionJob job, Progress progress) {
        job.state = IngestionJob.State.RUNNING;
        job.updatedAt = clock.instant();
        progress.save(job);
        KnowledgeIndex index = writableIndex(job.tenantId);
        List<DocumentRecord> all = documents.findByJobId(job.id);
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
                stop(job, document, cancelled, null, progress);
                continue;
            }
            try {
                Chunker chunker = chunkers.computeIfAbsent(String.valueOf(document.knowledgeBaseId()), id -> chunker(document));
                List<SourceText> texts = parser.parse(document.name(), store.get(job.tenantId, document.id())).texts();
                adoptFacts(document, texts);
                parsed.put(document.id(), edited(chunk(chunker, document, texts), document));
            } catch (RuntimeException e) {
                fail(job, document, e, progress);
            }
        }
        job.chunksTotal = job.chunksDone + parsed.values().stream().mapToInt(List::size).sum();
        progress.save(job);
        for (DocumentRecord document : pending) {
            List<Chunked> chunks = parsed.get(document.id());
            if (chunks != null) {
                index(job, document, chunks, index, progress);
            }
        }
        return tenantEnabled(job.tenantId) ? IngestionJob.State.DONE : IngestionJob.State.FAILED;
    }

    /** Metadata a file records of itself (PDF, DOCX, HTML): what the parser extracted, kept where none was given. */
    static final List<String> EXTRACTED = List.of("author", "created", PassageFilter.UPDATED, "language");

    /**
     * The file's own author, dates and language become the document's metadata where it has none of its own; a
     * document whose language neither its uploader nor its file names gets the one its words show ({@code Languages}).
     */
    private void adoptFacts(DocumentRecord document, List<SourceText> texts) {
        if (texts.size() != 1) {
            return; // JSON Lines rows keep their fields to themselves
        }
        DocumentScope scope = document.scope();
        Map<String, String> merged = new java.util.TreeMap<>(scope.metadata());
        boolean changed = false;
        for (String key : EXTRACTED) {
            String fact = texts.get(0).metadata().get(key);
            if (fact != null && !merged.containsKey(key)) {
                merged.put(key, fact);
                changed = true;
            }
        }
        if (!merged.containsKey("language")) { // the file says nothing: its words may
            StringBuilder sample = new StringBuilder();
            for (TextCleaner.Section section : texts.get(0).sections()) {
                if (sample.length() > 4000) {
                    break;
                }
                sample.append(section.text()).append('\n');
            }
            java.util.Optional<String> language = io.corrigo.api.text.Languages.detect(sample.toString());
            if (language.isPresent()) {
                merged.put("language", language.get());
                changed = true;
            }
        }
        if (changed) {
            document.scope(new DocumentScope(scope.collections(), scope.groups(), merged), clock.instant());
            documents.save(document);
        }
    }

    private Chunker chunker(DocumentRecord document) {
        if (document.knowledgeBaseId() == null) {
            return new Chunker(IngestionService.MAX_CHUNK_WORDS, 0);
        }
        KnowledgeBase kb = knowledgeBases.byId(document.knowledgeBaseId());
        return new Chunker(kb.maxChunkWords, kb.overlapSentences);
    }

    private void index(IngestionJob job, DocumentRecord document, List<Chunked> chunks, KnowledgeIndex index,
                       Progress progress) {
        document.indexing(clock.instant());
        documents.save(document);
        try {
            index.deleteDocument(document.id());
            for (int from = 0; from < chunks.size(); from += BATCH) {
                String cancelled = cancelled(job, document);
                if (cancelled != null) {
                    stop(job, document, cancelled, index, progress);
                    return;
                }
                List<Passage> batch = embed(chunks.subList(from, Math.min(chunks.size(), from + BATCH)));
                index.upsert(batch);
                advance(job, batch.size(), progress);
            }
            if (!documents.existsById(document.id())) {
                stop(job, document, DELETED, index, progress);
                return;
            }
            document.indexed(chunks.size(), clock.instant());
            documents.save(document);
            job.documentsDone++;
            progress.save(job);
        } catch (JobScheduler.LostClaimException e) {
            throw e; // the job is another host's now: leave its documents to it
        } catch (RuntimeException e) {
            removeChunks(index, document);
            fail(job, document, e, progress);
        }
    }

    private void advance(IngestionJob job, int chunks, Progress progress) {
        if ((job.chunksDone + chunks) / 512 > job.chunksDone / 512) {
            log.info("Ingestion job {} of tenant {}: {} of {} chunks indexed", job.id, job.tenantId,
                    job.chunksDone + chunks, job.chunksTotal);
        }
        job.chunksDone += chunks;
        job.updatedAt = clock.instant();
        progress.save(job);
    }

    private void fail(IngestionJob job, DocumentRecord document, RuntimeException e, Progress progress) {
        fail(job, document, e instanceof ServiceException api ? api.getMessage() : Failures.describe(e), progress);
    }

    private void fail(IngestionJob job, DocumentRecord document, String reason, Progress progress) {
        log.warn("Tenant {}: document '{}' failed: {}", job.tenantId, document.name(), reason);
        if (documents.existsById(document.id())) { // saving a deleted document would bring it back
            document.failed(reason, clock.instant());
            documents.save(document);
        }
        job.documentsFailed++;
        progress.save(job);
    }

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
    private void stop(IngestionJob job, DocumentRecord document, String reason, KnowledgeIndex index, Progress progress) {
        log.info("Ingestion job {} of tenant {}: document '{}' {}", job.id, job.tenantId, document.name(), reason);
        if (index != null) {
            removeChunks(index, document);
        }
        if (!DELETED.equals(reason)) {
            fail(job, document, reason, progress);
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
                           String section, Map<String, String> scope) {
    }

    /** What every chunk of the document carries into the index: its scope, with its knowledge base as a collection. */
    private Map<String, String> scopeOf(DocumentRecord document) {
        String kbName = document.knowledgeBaseId() == null ? null : knowledgeBases.byId(document.knowledgeBaseId()).name;
        return document.scope().passageMetadata(kbName,
                document.createdAt().atZone(java.time.ZoneOffset.UTC).toLocalDate().toString());
    }

    private List<Chunked> chunk(Chunker chunker, DocumentRecord document, List<SourceText> sources) {
        String documentId = document.id();
        Map<String, String> scope = scopeOf(document);
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
                        ? (chunks.size() == 1 ? source.id() : source.id() + IngestionService.CHUNK_SEPARATOR + c)
                        : documentId + IngestionService.CHUNK_SEPARATOR + (sources.size() == 1 ? "" : s + ".") + c;
                result.add(new Chunked(id, documentId, document.knowledgeBaseId(), source, chunks.get(c), headings.get(c),
                        scope));
            }
        }
        return result;
    }

    /** The chunks with the admins' edits applied: edited text replaces a chunk's, a disabled chunk is left out. */
    private List<Chunked> edited(List<Chunked> chunks, DocumentRecord document) {
        Map<String, ChunkOverrides.Override> edits = overrides.of(document.id());
        if (edits.isEmpty()) {
            return chunks;
        }
        List<Chunked> result = new ArrayList<>();
        for (Chunked c : chunks) {
            ChunkOverrides.Override edit = edits.get(c.id());
            if (edit == null) {
                result.add(c);
            } else if (!edit.disabled()) {
                result.add(edit.text() == null ? c : new Chunked(c.id(), c.documentId(), c.knowledgeBaseId(), c.source(),
                        asChunk(edit.text()), c.section(), c.scope()));
            }
        }
        return result;
    }

    private static Chunker.Chunk asChunk(String text) {
        return new Chunker.Chunk(text, io.corrigo.api.text.Sentences.split(text));
    }

    /**
     * Every chunk of an indexed document, as the index holds it (with the admins' edits), including the chunks an admin
     * disabled. Parses the stored original again: chunking is deterministic.
     */
    List<ChunkView> chunks(DocumentRecord document) {
        List<Chunked> all = chunk(chunker(document), document,
                parser.parse(document.name(), store.get(document.tenantId(), document.id())).texts());
        Map<String, ChunkOverrides.Override> edits = overrides.of(document.id());
        List<ChunkView> views = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            Chunked c = all.get(i);
            ChunkOverrides.Override edit = edits.get(c.id());
            Chunker.Chunk chunk = edit != null && edit.text() != null ? asChunk(edit.text()) : c.chunk();
            String source = c.source().id() != null ? c.source().title() + " (row " + c.source().id() + ")" : c.source().title();
            views.add(new ChunkView(c.id(), i + 1, c.section(), source, chunk.text(), chunk.sentences(),
                    edit != null && edit.disabled(), edit != null && edit.text() != null));
        }
        return views;
    }

    /**
     * Records an admin's edit of one chunk and indexes the document again at once, on the caller's thread: its old
     * chunks are removed, its chunks with every edit applied are embedded and written. Returns the chunks as they are
     * now. @throws ServiceException 404 for a chunk the document does not have, 409 while the document is being indexed
     */
    List<ChunkView> edit(DocumentRecord document, String chunkId, ChunkOverrides.Override change) {
        if (document.status() == DocumentRecord.Status.QUEUED || document.status() == DocumentRecord.Status.INDEXING) {
            throw ServiceException.conflict(ErrorCode.DOCUMENT_INDEXING, "'" + document.name()
                    + "' is being indexed; edit its chunks when the job is done.");
        }
        String tenantId = document.tenantId();
        List<Chunked> all = chunk(chunker(document), document,
                parser.parse(document.name(), store.get(tenantId, document.id())).texts());
        if (all.stream().noneMatch(c -> c.id().equals(chunkId))) {
            throw ServiceException.notFound(ErrorCode.CHUNK_NOT_FOUND, "'" + document.name() + "' has no chunk '" + chunkId + "'.");
        }
        if (change.text() != null && change.text().isBlank()) {
            throw ServiceException.invalid(ErrorCode.EMPTY_CHUNK, "A chunk's text cannot be empty: disable the chunk instead.");
        }
        writableIndex(tenantId);
        overrides.put(document.id(), chunkId, change, clock.instant());
        int indexed = indexNow(document, all);
        log.info("Tenant {}: chunk {} of '{}' {}; document indexed again ({} chunks)", tenantId, chunkId,
                document.name(), change.disabled() ? "disabled" : change.text() != null ? "edited" : "restored", indexed);
        return chunks(document);
    }

    /**
     * Indexes an indexed document again at once, on the caller's thread, with its scope as it is now (its collections,
     * readers and metadata changed): the old chunks are replaced before this returns, so a narrowed readership holds
     * for every question asked afterwards. @throws ServiceException 409 while the document is being indexed
     */
    void rescope(DocumentRecord document) {
        if (document.status() == DocumentRecord.Status.QUEUED || document.status() == DocumentRecord.Status.INDEXING) {
            throw ServiceException.conflict(ErrorCode.DOCUMENT_INDEXING, "'" + document.name()
                    + "' is being indexed; change its scope when the job is done.");
        }
        if (document.status() == DocumentRecord.Status.FAILED) {
            return; // nothing of it is in the index
        }
        writableIndex(document.tenantId());
        indexNow(document, chunk(chunker(document), document,
                parser.parse(document.name(), store.get(document.tenantId(), document.id())).texts()));
    }

    /** Replaces the document's chunks in the index by {@code all} with the admins' edits applied; returns how many. */
    private int indexNow(DocumentRecord document, List<Chunked> all) {
        KnowledgeIndex index = writableIndex(document.tenantId());
        List<Chunked> indexed = edited(all, document);
        index.deleteDocument(document.id());
        for (int from = 0; from < indexed.size(); from += BATCH) {
            index.upsert(embed(indexed.subList(from, Math.min(indexed.size(), from + BATCH))));
        }
        document.indexed(indexed.size(), clock.instant());
        documents.save(document);
        return indexed.size();
    }

    /** The chunks as passages, embedded on the embedding threads, in order. */
    private List<Passage> embed(List<Chunked> chunks) {
        List<Future<Passage>> futures = new ArrayList<>(chunks.size());
        for (Chunked chunk : chunks) {
            futures.add(embedders.submit(() -> passage(chunk)));
        }
        List<Passage> passages = new ArrayList<>(chunks.size());
        try {
            for (Future<Passage> future : futures) {
                passages.add(future.get());
            }
        } catch (InterruptedException e) {
            futures.forEach(f -> f.cancel(true));
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while embedding", e);
        } catch (ExecutionException e) {
            futures.forEach(f -> f.cancel(true));
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
        return passages;
    }

    private Passage passage(Chunked c) {
        List<Strip> strips = new ArrayList<>();
        List<String> sentences = c.chunk().sentences();
        // a chunk's sentences in one call: one request where the embedder is a model server
        List<Embedding> vectors = sentences.isEmpty() ? List.of() : embeddings.embedAll(sentences);
        for (int i = 0; i < sentences.size(); i++) {
            strips.add(new Strip(i, sentences.get(i), vectors.get(i)));
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
        metadata.putAll(c.scope()); // last: a row's own fields never widen who may read it
        return new Passage(c.id(), c.chunk().text(), Source.knowledgeBase(c.documentId(), c.source().title()), 0,
                vector, strips, metadata);
    }

    @PreDestroy
    void stop() {
        embedders.shutdownNow();
    }
}

package io.corrigo.server.knowledge;

import io.corrigo.api.Embedding;
import io.corrigo.api.EmbeddingService;
import io.corrigo.api.KnowledgeIndex;
import io.corrigo.api.Passage;
import io.corrigo.api.Source;
import io.corrigo.api.Strip;
import io.corrigo.engine.Failures;
import io.corrigo.server.pipeline.PipelineRuntimes;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.web.ApiException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

/**
 * Indexes uploads into a tenant's knowledge base.
 *
 * <p>Each chunk's sentences are embedded once, here: they become the passage's strips, and the passage vector is
 * the normalised mean of its sentence vectors (one model call per sentence instead of an extra call per passage;
 * measured on the demo corpus this halves ingestion time). Passages are written in batches. A document that fails
 * is marked FAILED with the reason and its partial chunks are removed; nothing else is affected.
 */
@Service
public class IngestionService {

    private static final Logger log = LoggerFactory.getLogger(IngestionService.class);
    private static final int BATCH = 64;
    /** Chunks hold at most this many words (letter/digit runs; about 150 words of running text). */
    static final int MAX_CHUNK_WORDS = 200;
    /**
     * Separates a source id from a chunk number in passage ids ({@code covid-650#0~1}): source ids (JSONL "id")
     * are kept as they are, so a passage maps back to its row by cutting at the last separator.
     */
    public static final String CHUNK_SEPARATOR = "~";

    private final TenantService tenants;
    private final PipelineRuntimes runtimes;
    private final EmbeddingService embeddings;
    private final DocumentParser parser;
    private final DocumentRepository documents;
    private final Clock clock;
    private final Chunker chunker = new Chunker(MAX_CHUNK_WORDS);

    IngestionService(TenantService tenants, PipelineRuntimes runtimes, EmbeddingService embeddings,
                     DocumentParser parser, DocumentRepository documents, Clock clock) {
        this.tenants = tenants;
        this.runtimes = runtimes;
        this.embeddings = embeddings;
        this.parser = parser;
        this.documents = documents;
        this.clock = clock;
    }

    /** An uploaded file. */
    public record Upload(String fileName, String contentType, byte[] content) {
    }

    /** Parses, chunks, embeds and indexes one upload. @throws ApiException 400 for content that cannot be parsed */
    public DocumentView ingest(String tenantId, String fileName, String contentType, byte[] content) {
        return ingest(tenantId, fileName, contentType, content, done -> { });
    }

    /**
     * Ingests several uploads, parsing all of them before indexing any: one bad file refuses the request and
     * nothing is indexed.
     */
    public List<DocumentView> ingestAll(String tenantId, List<Upload> uploads) {
        tenants.require(tenantId);
        uploads.forEach(u -> parser.parse(u.fileName(), u.content()));
        return uploads.stream().map(u -> ingest(tenantId, u.fileName(), u.contentType(), u.content())).toList();
    }

    /** As {@link #ingest(String, String, String, byte[])}, reporting the number of chunks indexed so far. */
    public DocumentView ingest(String tenantId, String fileName, String contentType, byte[] content,
                               IntConsumer progress) {
        tenants.require(tenantId);
        KnowledgeIndex index = runtimes.forTenant(tenantId).knowledgeIndex().orElseThrow(() -> new ApiException(
                HttpStatus.CONFLICT, "read_only_retriever",
                "The tenant's retriever cannot be written to; documents must be indexed at its source.", List.of()));
        List<SourceText> sources = parser.parse(fileName, content);
        String documentId = "d-" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        DocumentRecord record = documents.save(new DocumentRecord(documentId, tenantId, fileName,
                contentType == null ? "application/octet-stream" : contentType, clock.instant()));
        try {
            int chunks = index(index, documentId, sources, progress);
            record.indexed(chunks, clock.instant());
            log.info("Tenant {}: indexed '{}' as {} ({} chunks)", tenantId, fileName, documentId, chunks);
        } catch (RuntimeException e) {
            record.failed(Failures.describe(e), clock.instant());
            log.warn("Tenant {}: indexing '{}' failed: {}", tenantId, fileName, e.toString(), e);
            try {
                index.deleteDocument(documentId);
            } catch (RuntimeException cleanup) {
                log.warn("Tenant {}: removing partial chunks of {} failed: {}", tenantId, documentId, cleanup.toString());
            }
        }
        return documents.save(record).view();
    }

    private int index(KnowledgeIndex index, String documentId, List<SourceText> sources, IntConsumer progress) {
        List<Passage> batch = new ArrayList<>(BATCH);
        int count = 0;
        for (int s = 0; s < sources.size(); s++) {
            SourceText source = sources.get(s);
            List<Chunker.Chunk> chunks = chunker.chunk(source.text());
            for (int c = 0; c < chunks.size(); c++) {
                String id = source.id() != null
                        ? (chunks.size() == 1 ? source.id() : source.id() + CHUNK_SEPARATOR + c)
                        : documentId + CHUNK_SEPARATOR + (sources.size() == 1 ? "" : s + ".") + c;
                batch.add(passage(id, documentId, source, chunks.get(c)));
                count++;
                if (batch.size() == BATCH) {
                    index.upsert(batch);
                    batch.clear();
                    progress.accept(count);
                }
            }
        }
        if (!batch.isEmpty()) {
            index.upsert(batch);
            progress.accept(count);
        }
        return count;
    }

    private Passage passage(String id, String documentId, SourceText source, Chunker.Chunk chunk) {
        List<Strip> strips = new ArrayList<>();
        float[] mean = new float[embeddings.dimension()];
        for (int i = 0; i < chunk.sentences().size(); i++) {
            Embedding e = embeddings.embed(chunk.sentences().get(i));
            strips.add(new Strip(i, chunk.sentences().get(i), e));
            for (int d = 0; d < mean.length; d++) {
                mean[d] += e.get(d);
            }
        }
        double norm = 0;
        for (float v : mean) {
            norm += v * v;
        }
        norm = Math.sqrt(norm);
        for (int d = 0; d < mean.length; d++) {
            mean[d] = norm == 0 ? 0 : (float) (mean[d] / norm);
        }
        Map<String, String> metadata = new HashMap<>(source.metadata());
        metadata.put("embeddingModel", embeddings.modelId());
        return new Passage(id, chunk.text(), Source.knowledgeBase(documentId, source.title()), 0,
                Embedding.of(mean), strips, metadata);
    }

    public List<DocumentView> list(String tenantId) {
        tenants.require(tenantId);
        return documents.findByTenantIdOrderByCreatedAtDesc(tenantId).stream().map(DocumentRecord::view).toList();
    }

    public long count(String tenantId) {
        return documents.countByTenantId(tenantId);
    }
}

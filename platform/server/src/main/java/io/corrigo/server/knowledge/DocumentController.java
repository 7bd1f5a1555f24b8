package io.corrigo.server.knowledge;

import io.corrigo.server.problem.ErrorCode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/**
 * {@code /api/v1/tenants/{tenant}/documents} and {@code …/jobs}: upload (multipart, field {@code file}, repeatable)
 * as a background job, follow its progress, list, delete, re-index.
 */
@RestController
class DocumentController {

    /** How long {@code ?wait=true} waits for the job before answering with its progress so far. */
    static final Duration MAX_WAIT = Duration.ofMinutes(10);

    private final IngestionService ingestion;
    private final KnowledgeBases knowledgeBases;
    private final DocumentTexts texts;

    DocumentController(IngestionService ingestion, KnowledgeBases knowledgeBases, DocumentTexts texts) {
        this.texts = texts;
        this.ingestion = ingestion;
        this.knowledgeBases = knowledgeBases;
    }

    /** 202 with the queued job; with {@code wait=true}, 200 once the job has finished. */
    @PostMapping(value = "/api/v1/tenants/{tenant}/documents", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    ResponseEntity<JobView> upload(@PathVariable String tenant, @RequestParam("file") List<MultipartFile> files,
                                   @RequestParam(required = false) String knowledgeBase,
                                   @RequestParam(required = false) String collections,
                                   @RequestParam(required = false) String groups,
                                   @RequestParam(required = false) String metadata,
                                   @RequestParam(defaultValue = "false") boolean wait) {
        DocumentScope scope = collections == null && groups == null && metadata == null ? null
                : DocumentScope.of(DocumentScope.split(collections), DocumentScope.split(groups), metadata(metadata));
        List<IngestionService.Upload> uploads = new ArrayList<>();
        for (MultipartFile file : files) {
            try {
                uploads.add(new IngestionService.Upload(file.getOriginalFilename(), file.getContentType(), file.getBytes()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return answer(tenant, ingestion.submit(tenant, knowledgeBase, uploads, scope), wait);
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    /** The {@code metadata} form field: a JSON object of text values. @throws ServiceException 400 otherwise */
    private static java.util.Map<String, String> metadata(String json) {
        if (json == null || json.isBlank()) {
            return java.util.Map.of();
        }
        try {
            com.fasterxml.jackson.databind.JsonNode node = JSON.readTree(json);
            if (!node.isObject()) {
                throw new IllegalArgumentException("not an object");
            }
            java.util.Map<String, String> values = new java.util.LinkedHashMap<>();
            for (var e : (Iterable<java.util.Map.Entry<String, com.fasterxml.jackson.databind.JsonNode>>) node::fields) {
                if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                    throw new IllegalArgumentException("'" + e.getKey() + "' is not a text value");
                }
                values.put(e.getKey(), e.getValue().asText());
            }
            return values;
        } catch (com.fasterxml.jackson.core.JsonProcessingException | IllegalArgumentException e) {
            throw io.corrigo.server.problem.ServiceException.invalid(ErrorCode.INVALID_METADATA,
                    "The metadata field must be a JSON object of text values, e.g. {\"author\": \"HR\", \"language\": \"en\"}: "
                    + (e instanceof IllegalArgumentException ? e.getMessage() : "it is not valid JSON") + ".");
        }
    }

    /**
     * The document opened at a span of its text (a citation's {@code span}): the text around it, the span itself, its
     * section and, for a PDF, its page.
     */
    @GetMapping("/api/v1/tenants/{tenant}/documents/{id}/source")
    DocumentTexts.Source source(@PathVariable String tenant, @PathVariable String id,
                                @RequestParam(defaultValue = "0") int start, @RequestParam(defaultValue = "0") int end) {
        return texts.source(tenant, id, start, end, null);
    }

    /** The original file as it was uploaded. */
    @GetMapping("/api/v1/tenants/{tenant}/documents/{id}/original")
    ResponseEntity<byte[]> original(@PathVariable String tenant, @PathVariable String id) {
        DocumentView document = ingestion.document(tenant, id);
        return download(document, texts.original(tenant, id, null));
    }

    /** A file download: its media type and name, never rendered inline (an uploaded HTML page must not run here). */
    static ResponseEntity<byte[]> download(DocumentView document, byte[] content) {
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(document.contentType()))
                .header("Content-Disposition", org.springframework.http.ContentDisposition.attachment()
                        .filename(document.name(), java.nio.charset.StandardCharsets.UTF_8).build().toString())
                .header("X-Content-Type-Options", "nosniff")
                .body(content);
    }

    /** A document's new collections, groups and metadata (each replaces the old value; {@code null} keeps it). */
    record ScopeChange(List<String> collections, List<String> groups, java.util.Map<String, String> metadata) {
    }

    /** Sets a document's collections, groups and metadata, and indexes it again with them before answering. */
    @org.springframework.web.bind.annotation.PatchMapping("/api/v1/tenants/{tenant}/documents/{id}")
    DocumentView rescope(@PathVariable String tenant, @PathVariable String id,
                         @org.springframework.web.bind.annotation.RequestBody ScopeChange change) {
        DocumentView now = ingestion.document(tenant, id);
        return ingestion.rescope(tenant, id, DocumentScope.of(
                change.collections() == null ? now.collections() : change.collections(),
                change.groups() == null ? now.groups() : change.groups(),
                change.metadata() == null ? now.metadata() : change.metadata()));
    }

    /** Re-indexes one knowledge base ({@code ?knowledgeBase=name}) or, without it, all of them. */
    @PostMapping("/api/v1/tenants/{tenant}/documents/reindex")
    ResponseEntity<JobView> reindex(@PathVariable String tenant, @RequestParam(required = false) String knowledgeBase,
                                    @RequestParam(defaultValue = "false") boolean wait) {
        return answer(tenant, ingestion.reindex(tenant, knowledgeBase), wait);
    }

    /** A new knowledge base: name, and optionally maxChunkWords (200) and overlapSentences (0). */
    record CreateKnowledgeBase(String name, Integer maxChunkWords, Integer overlapSentences) {
    }

    @GetMapping("/api/v1/tenants/{tenant}/knowledge-bases")
    List<KnowledgeBaseView> knowledgeBases(@PathVariable String tenant) {
        return knowledgeBases.list(tenant);
    }

    @PostMapping("/api/v1/tenants/{tenant}/knowledge-bases")
    @ResponseStatus(HttpStatus.CREATED)
    KnowledgeBaseView createKnowledgeBase(@PathVariable String tenant, @org.springframework.web.bind.annotation.RequestBody CreateKnowledgeBase request) {
        return knowledgeBases.create(tenant, request.name(), request.maxChunkWords(), request.overlapSentences());
    }

    @GetMapping("/api/v1/tenants/{tenant}/documents")
    List<DocumentView> list(@PathVariable String tenant) {
        return ingestion.list(tenant);
    }

    @DeleteMapping("/api/v1/tenants/{tenant}/documents/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void delete(@PathVariable String tenant, @PathVariable String id) {
        ingestion.delete(tenant, id);
    }

    /** The document's chunks as indexed: text, sentences, section, whether an admin edited or disabled them. */
    @GetMapping("/api/v1/tenants/{tenant}/documents/{id}/chunks")
    List<ChunkView> chunks(@PathVariable String tenant, @PathVariable String id) {
        return ingestion.chunks(tenant, id);
    }

    /**
     * An edit of one chunk.
     *
     * @param text     the new text, or {@code null} to keep (or restore) the original
     * @param disabled whether to leave the chunk out of the index
     */
    record ChunkEdit(String text, boolean disabled) {
    }

    /** Edits, disables or restores one chunk; the document is indexed again at once. Returns its chunks. */
    @org.springframework.web.bind.annotation.PatchMapping("/api/v1/tenants/{tenant}/documents/{id}/chunks/{chunk}")
    List<ChunkView> editChunk(@PathVariable String tenant, @PathVariable String id, @PathVariable String chunk,
                              @org.springframework.web.bind.annotation.RequestBody ChunkEdit edit) {
        return ingestion.editChunk(tenant, id, chunk, edit.text(), edit.disabled());
    }

    @GetMapping("/api/v1/tenants/{tenant}/jobs")
    List<JobView> jobs(@PathVariable String tenant) {
        return ingestion.jobs(tenant);
    }

    @GetMapping("/api/v1/tenants/{tenant}/jobs/{id}")
    JobView job(@PathVariable String tenant, @PathVariable String id) {
        return ingestion.job(tenant, id);
    }

    private ResponseEntity<JobView> answer(String tenant, JobView job, boolean wait) {
        if (!wait) {
            return ResponseEntity.status(HttpStatus.ACCEPTED).body(job);
        }
        JobView done = ingestion.await(tenant, job.id(), MAX_WAIT);
        return ResponseEntity.status(done.finished() ? HttpStatus.OK : HttpStatus.ACCEPTED).body(done);
    }
}

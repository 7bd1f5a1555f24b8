package io.corrigo.server.access;

import io.corrigo.api.answer.QuestionAnalysis;
import io.corrigo.api.answer.Sufficiency;
import com.fasterxml.jackson.databind.JsonNode;
import io.corrigo.api.ContextStrip;
import io.corrigo.engine.CorrectivePipeline;
import io.corrigo.engine.trace.PassageTrace;
import io.corrigo.engine.trace.RunTrace;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.run.QueryService;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;

/**
 * Retrieval for other RAG front-ends, in the shape of Dify's External Knowledge API: {@code POST /v1/retrieval} (a
 * front-end configured with the endpoint {@code http://HOST/v1} appends {@code /retrieval}) with a tenant's secret key
 * as the Bearer token and {@code {knowledge_id: <tenant>, query, retrieval_setting: {top_k, score_threshold}}}.
 * The answer is the corrective pipeline's evidence without generation: each source's refined sentences as a record
 * ({@code content}, {@code score} = the evaluator's score, {@code title}, {@code metadata}), best first; the CRAG
 * action and every graded passage come in an extra {@code corrigo} object. Errors use Dify's {@code error_code} /
 * {@code error_msg} (1001 malformed Authorization, 1002 refused key, 2001 unknown knowledge).
 *
 * <p>Each record's metadata carries the grader's verdict ({@code grade}) and whether the record holds what the
 * question asks ({@code sufficient}: the answer-type check for questions it applies to, else a CORRECT grade);
 * {@code corrigo.answerable} says whether any record suffices, and {@code "only_sufficient": true} returns no records
 * when none does, so that a front-end generating from them abstains instead of answering from near misses. The
 * question may name {@code collections} and a {@code filter} (as on {@code /query}); the key's groups bound what it
 * may read.
 */
@RestController
class RetrievalController {

    private final QueryService queries;
    private final io.corrigo.server.knowledge.DocumentTexts texts;

    RetrievalController(QueryService queries, io.corrigo.server.knowledge.DocumentTexts texts) {
        this.queries = queries;
        this.texts = texts;
    }

    /** A refusal in Dify's error shape. */
    static final class RetrievalError extends RuntimeException {
        final HttpStatus status;
        final int code;

        RetrievalError(HttpStatus status, int code, String message) {
            super(message);
            this.status = status;
            this.code = code;
        }
    }

    /** Retrieval for the key's tenant ({@link KeyAccessFilter} has checked and counted the key). */
    @PostMapping("/v1/retrieval")
    Map<String, Object> retrieve(@RequestAttribute(KeyAccessFilter.KEY) KeyView key, @RequestBody JsonNode request) {
        String knowledge = request.path("knowledge_id").asText("");
        if (!knowledge.equals(key.tenant())) {
            throw new RetrievalError(HttpStatus.NOT_FOUND, 2001, "The knowledge '" + knowledge
                    + "' does not exist; this key's knowledge_id is its tenant id.");
        }
        JsonNode setting = request.path("retrieval_setting");
        int topK = setting.path("top_k").asInt(5);
        double threshold = setting.path("score_threshold").asDouble(0);
        if (topK < 1 || topK > 100 || threshold < 0 || threshold > 1) {
            throw new RetrievalError(HttpStatus.BAD_REQUEST, 400, "retrieval_setting.top_k must be 1-100 and score_threshold 0-1.");
        }
        boolean onlySufficient = request.path("only_sufficient").asBoolean(setting.path("only_sufficient").asBoolean(false));
        CorrectivePipeline.Evidence evidence;
        String question = request.path("query").asText(null);
        try {
            evidence = queries.evidence(key.tenant(), question,
                    io.corrigo.server.gateway.Caller.client(key.tenant(), key.id(), key.groups(),
                            key.collections()).scope(OpenAiCompatibleController.scope(request)));
        } catch (ServiceException e) {
            throw new RetrievalError(HttpStatus.BAD_REQUEST, 400, e.describe());
        }
        List<Map<String, Object>> records = records(evidence, topK, threshold, question);
        for (Map<String, Object> record : records) {
            locate(key, record);
        }
        boolean answerable = records.stream().anyMatch(r -> Boolean.TRUE.equals(((Map<?, ?>) r.get("metadata")).get("sufficient")));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("records", onlySufficient && !answerable ? List.of() : records);
        Map<String, Object> extras = extras(evidence.trace());
        extras.put("answerable", answerable);
        body.put("corrigo", extras);
        return body;
    }

    /** A knowledge-base record's place in its document: page, section, span and where the key opens it. */
    @SuppressWarnings("unchecked")
    private void locate(KeyView key, Map<String, Object> record) {
        Map<String, Object> metadata = (Map<String, Object>) record.get("metadata");
        if (!"KNOWLEDGE_BASE".equals(metadata.get("origin"))) {
            return;
        }
        texts.locate(key.tenant(), (String) metadata.get("document_id"), firstSentence((String) record.get("content")),
                java.util.Set.copyOf(key.groups())).ifPresent(at -> {
                    if (at.page() != null) {
                        metadata.put("page", at.page());
                    }
                    if (at.section() != null) {
                        metadata.put("section", at.section());
                    }
                    metadata.put("span", Map.of("start", at.start(), "end", at.end()));
                    metadata.put("source_url", "/v1/documents/" + at.documentId() + "/source?start=" + at.start()
                            + "&end=" + at.end());
                });
    }

    /** A record's first sentence: what is located (its sentences may come from different places of the document). */
    private static String firstSentence(String content) {
        List<String> sentences = io.corrigo.api.text.Sentences.split(content);
        return sentences.isEmpty() ? content : sentences.get(0);
    }

    /**
     * Whether a record holds what the question asks: for a question whose answer type can be checked by form (a number,
     * a date, a name…), whether its text holds a candidate bound to the question's focus; for others, whether the grader
     * judged its passage CORRECT.
     */
    private static Sufficiency.Verdict sufficiency(QuestionAnalysis question, String content) {
        return Sufficiency.ofPassage(question, content);
    }

    /** One record per source: its refined sentences, scored by the evaluator's score of its passage. */
    static List<Map<String, Object>> records(CorrectivePipeline.Evidence evidence, int topK, double threshold,
                                             String question) {
        QuestionAnalysis analysis = io.corrigo.engine.analyse.QuestionAnalyzers.analyse(question);
        Map<Integer, List<ContextStrip>> bySource = new LinkedHashMap<>();
        evidence.context().forEach(c -> bySource.computeIfAbsent(c.citation(), n -> new ArrayList<>()).add(c));
        List<PassageTrace> graded = Stream.concat(evidence.trace().retrieved().stream(),
                evidence.trace().searchResults().stream()).filter(PassageTrace::kept).toList();
        List<Map<String, Object>> records = new ArrayList<>();
        for (List<ContextStrip> strips : bySource.values()) {
            ContextStrip first = strips.get(0);
            Optional<PassageTrace> passage = graded.stream()
                    .filter(p -> p.documentId().equals(first.source().documentId())).findFirst();
            double score = passage.map(p -> p.score() == null ? first.relevance() : p.score())
                    .orElse(strips.stream().mapToDouble(ContextStrip::relevance).max().orElse(0));
            if (score < threshold) {
                continue;
            }
            Map<String, Object> metadata = new LinkedHashMap<>();
            metadata.put("document_id", first.source().documentId());
            metadata.put("origin", first.source().origin().name());
            passage.map(PassageTrace::grade).ifPresent(g -> metadata.put("grade", g.name()));
            if (first.source().uri() != null) {
                metadata.put("uri", first.source().uri());
            }
            String content = String.join(" ", strips.stream().map(ContextStrip::text).toList());
            Sufficiency.Verdict verdict = sufficiency(analysis, content);
            metadata.put("sufficient", verdict.checked() ? verdict.sufficient()
                    : passage.map(p -> p.grade() == io.corrigo.api.Grade.CORRECT).orElse(false));
            if (verdict.checked()) {
                metadata.put("sufficiency", verdict.reason());
            }
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("content", content);
            record.put("score", score);
            record.put("title", first.source().title() == null ? first.source().documentId() : first.source().title());
            record.put("metadata", metadata);
            records.add(record);
        }
        records.sort(Comparator.comparingDouble((Map<String, Object> r) -> (double) r.get("score")).reversed());
        return records.subList(0, Math.min(topK, records.size()));
    }

    private static Map<String, Object> extras(RunTrace trace) {
        Map<String, Object> extras = new LinkedHashMap<>();
        extras.put("action", trace.action() == null ? null : trace.action().name());
        extras.put("passages", Stream.concat(trace.retrieved().stream(), trace.searchResults().stream()).map(p -> {
            Map<String, Object> passage = new LinkedHashMap<>();
            passage.put("title", p.title());
            passage.put("document_id", p.documentId());
            passage.put("origin", p.origin().name());
            passage.put("score", p.score());
            passage.put("grade", p.grade() == null ? null : p.grade().name());
            passage.put("kept", p.kept());
            return passage;
        }).toList());
        extras.put("degraded", trace.degraded());
        extras.put("notices", trace.notices().stream().map(n -> n.stage().name().toLowerCase() + ": " + n.message()).toList());
        return extras;
    }

    @ExceptionHandler(RetrievalError.class)
    ResponseEntity<Map<String, Object>> refused(RetrievalError e) {
        return ResponseEntity.status(e.status).body(Dialect.dify(e.code, e.getMessage()));
    }
}

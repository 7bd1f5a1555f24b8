package io.corrigo.server.access;

import io.corrigo.server.gateway.AnswerEvent;
import io.corrigo.server.gateway.Caller;
import io.corrigo.server.gateway.QuestionGateway;
import io.corrigo.server.gateway.SseEncoder;
import io.corrigo.engine.condense.Turn;
import io.corrigo.server.conversation.Conversations;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.server.run.QueryResponse;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.web.ApiExceptionHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * An OpenAI-compatible {@code POST /v1/chat/completions}, so existing OpenAI clients and chat UIs can use Corrigo
 * unchanged: the API key is a tenant's secret key ({@code Authorization: Bearer sk_…}), {@code model} names the
 * tenant's pipeline (the tenant id), the last user message is the question. The answer comes through the
 * corrective pipeline with its sources listed after it; the run id is the completion id ({@code chatcmpl-<run>})
 * and, with the citations and flags, in the extra {@code corrigo} object. {@code stream: true} answers as
 * {@code chat.completion.chunk} server-sent events ending with {@code [DONE]}. Errors use OpenAI's error shape.
 */
@RestController
class OpenAiCompatibleController {

    private final QuestionGateway gateway;
    private final SseEncoder sse;
    private final ObjectMapper json;
    private final Clock clock;

    OpenAiCompatibleController(QuestionGateway gateway, SseEncoder sse, ObjectMapper json, Clock clock) {
        this.gateway = gateway;
        this.sse = sse;
        this.json = json;
        this.clock = clock;
    }

    /** An OpenAI-style failure. */
    static final class OpenAiError extends RuntimeException {
        final HttpStatus status;
        final String type;
        final String code;

        OpenAiError(HttpStatus status, String type, String code, String message) {
            super(message);
            this.status = status;
            this.type = type;
            this.code = code;
        }
    }

    /**
     * The models this key may use, as OpenAI's {@code GET /v1/models} lists them: one, its tenant (a secret key
     * belongs to one tenant, and {@code model} names the tenant).
     */
    @GetMapping("/v1/models")
    Map<String, Object> models(@RequestAttribute(KeyAccessFilter.KEY) KeyView key) {
        return Map.of("object", "list", "data", List.of(model(key)));
    }

    /** One model by id: the key's tenant, else OpenAI's 404. */
    @GetMapping("/v1/models/{model}")
    Map<String, Object> model(@RequestAttribute(KeyAccessFilter.KEY) KeyView key, @PathVariable String model) {
        if (!model.equals(key.tenant())) {
            throw new OpenAiError(HttpStatus.NOT_FOUND, "invalid_request_error", "model_not_found",
                    "The model '" + model + "' does not exist or you do not have access to it; this key's model is its tenant id.");
        }
        return model(key);
    }

    private Map<String, Object> model(KeyView key) {
        return Map.of("id", key.tenant(), "object", "model", "created", key.createdAt().getEpochSecond(),
                "owned_by", "corrigo");
    }

    /**
     * The question's scope from the request's extension fields {@code collections} and {@code filter} (as on
     * {@code /query}); none when absent.
     */
    static io.corrigo.api.PassageFilter scope(JsonNode request) {
        java.util.List<String> collections = null;
        if (request.path("collections").isArray()) {
            collections = new java.util.ArrayList<>();
            for (JsonNode c : request.path("collections")) {
                collections.add(c.isTextual() ? c.asText() : c.toString());
            }
        }
        java.util.Map<String, Object> filter = null;
        if (request.path("filter").isObject()) {
            filter = new java.util.LinkedHashMap<>();
            for (var e : (Iterable<java.util.Map.Entry<String, JsonNode>>) () -> request.path("filter").fields()) {
                filter.put(e.getKey(), e.getValue().isValueNode() && !e.getValue().isNull() ? e.getValue().asText() : e.getValue());
            }
        }
        return io.corrigo.server.knowledge.QuestionScope.parse(collections, filter);
    }

    @PostMapping(value = "/v1/chat/completions")
    ResponseEntity<StreamingResponseBody> complete(@RequestAttribute(KeyAccessFilter.KEY) KeyView key,
                                                   @RequestBody JsonNode request) {
        String model = request.path("model").asText("");
        if (!model.equals(key.tenant())) {
            throw new OpenAiError(HttpStatus.NOT_FOUND, "invalid_request_error", "model_not_found",
                    "The model '" + model + "' does not exist or you do not have access to it; this key's model is its tenant id.");
        }
        String question = lastUserMessage(request.path("messages"));
        int promptTokens = estimatedTokens(request.path("messages"));
        long created = clock.instant().getEpochSecond();
        // a bad question is a 400 here, not a broken stream
        QuestionGateway.Accepted accepted = gateway.accept(Caller.client(key.tenant(), key.id(), key.groups(), key.collections()),
                new QuestionGateway.Question(question, null, history(request.path("messages")), scope(request)));
        String id = "chatcmpl-" + accepted.runId();
        if (!request.path("stream").asBoolean(false)) {
            QueryResponse answer = accepted.answerAtOnce();
            String content = content(answer);
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("id", id);
            body.put("object", "chat.completion");
            body.put("created", created);
            body.put("model", model);
            body.put("choices", List.of(Map.of("index", 0, "message", Map.of("role", "assistant", "content", content),
                    "finish_reason", "stop")));
            body.put("usage", usage(answer, promptTokens, content));
            body.put("corrigo", corrigo(answer));
            return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(out -> json.writeValue(out, body));
        }
        boolean includeUsage = request.path("stream_options").path("include_usage").asBoolean(false);
        StreamingResponseBody stream = out -> {
            // live: each piece the pipeline releases (with the critique on, each sentence once the critic supports it)
            StringBuilder streamed = new StringBuilder();
            java.util.concurrent.atomic.AtomicBoolean gone = new java.util.concurrent.atomic.AtomicBoolean();
            QueryResponse[] done = new QueryResponse[1];
            accepted.answer(event -> {
                if (event instanceof AnswerEvent.Done d) {
                    done[0] = d.answer();
                } else if (event instanceof AnswerEvent.Token t && !gone.get()) {
                    try {
                        chunk(out, id, created, model, delta(streamed.isEmpty(), t.text()), null, null, includeUsage);
                        streamed.append(t.text());
                    } catch (IOException e) {
                        gone.set(true); // the client left: the run still completes and is logged
                    }
                }
            });
            if (gone.get()) {
                return;
            }
            if (done[0] == null) {
                sse.data(out, Map.of("error", Map.of("message", "The answer could not be completed; please try again.",
                        "type", "server_error", "code", "run_failed")));
                sse.raw(out, "[DONE]");
                return;
            }
            QueryResponse answer = done[0];
            String content = content(answer);
            // the sources after the streamed answer; a served answer that differs from what was streamed (the critique
            // regenerated it) follows as a marked revision: a stream cannot take back what it sent
            String rest = content.startsWith(streamed.toString()) ? content.substring(streamed.length())
                    : (streamed.isEmpty() ? "" : "\n\n(Revised after checking against the sources:)\n\n") + content;
            if (!rest.isEmpty()) {
                chunk(out, id, created, model, delta(streamed.isEmpty(), rest), null, null, includeUsage);
            }
            chunk(out, id, created, model, Map.of(), "stop", corrigo(answer), includeUsage);
            if (includeUsage) {
                Map<String, Object> last = new LinkedHashMap<>();
                last.put("id", id);
                last.put("object", "chat.completion.chunk");
                last.put("created", created);
                last.put("model", model);
                last.put("choices", List.of());
                last.put("usage", usage(answer, promptTokens, content));
                sse.data(out, last);
            }
            sse.raw(out, "[DONE]");
        };
        return ResponseEntity.ok().contentType(MediaType.TEXT_EVENT_STREAM).header(HttpHeaders.CACHE_CONTROL, "no-cache")
                .body(stream);
    }

    /**
     * The conversation before the last user message, as turns: each earlier user message as the user wrote it, with
     * the assistant's reply after it, the sources this endpoint appends left off.
     */
    static List<Turn> history(JsonNode messages) {
        List<String[]> said = new ArrayList<>(); // {role, text}
        for (JsonNode message : messages) {
            String role = message.path("role").asText();
            if (role.equals("user") || role.equals("assistant")) {
                said.add(new String[] {role, text(message.path("content"))});
            }
        }
        int last = said.size() - 1;
        while (last >= 0 && !said.get(last)[0].equals("user")) {
            last--;
        }
        List<Turn> turns = new ArrayList<>();
        for (int i = 0; i < last; i++) {
            if (!said.get(i)[0].equals("user") || said.get(i)[1].isBlank()) {
                continue;
            }
            String answer = i + 1 < last && said.get(i + 1)[0].equals("assistant") ? said.get(i + 1)[1] : "";
            int sources = answer.indexOf("\n\nSources:");
            turns.add(new Turn(said.get(i)[1].strip(), sources < 0 ? answer : answer.substring(0, sources)));
        }
        return turns.subList(Math.max(0, turns.size() - Conversations.HISTORY_TURNS), turns.size());
    }

    private static String text(JsonNode content) {
        if (content.isTextual()) {
            return content.asText();
        }
        StringBuilder text = new StringBuilder();
        content.forEach(part -> {
            if ("text".equals(part.path("type").asText())) {
                text.append(part.path("text").asText()).append(' ');
            }
        });
        return text.toString().trim();
    }

    private static String lastUserMessage(JsonNode messages) {
        String question = null;
        for (JsonNode message : messages) {
            JsonNode content = message.path("content");
            if ("user".equals(message.path("role").asText()) && (content.isTextual() || content.isArray())) {
                question = text(content);
            }
        }
        if (question == null || question.isBlank()) {
            throw new OpenAiError(HttpStatus.BAD_REQUEST, "invalid_request_error", "missing_user_message",
                    "messages must contain a user message with text content.");
        }
        return question;
    }

    /** The answer with its sources listed after it, so plain chat UIs show them too. */
    private static String content(QueryResponse answer) {
        if (answer.citations().isEmpty()) {
            return answer.answer();
        }
        StringBuilder content = new StringBuilder(answer.answer()).append("\n\nSources:");
        for (QueryResponse.CitationView c : answer.citations()) {
            content.append("\n[").append(c.number()).append("] ")
                    .append(c.title() != null ? c.title() : c.documentId())
                    .append(c.uri() != null ? " <" + c.uri() + ">" : "");
        }
        return content.toString();
    }

    private static Map<String, Object> delta(boolean first, String piece) {
        return first ? Map.of("role", "assistant", "content", piece) : Map.of("content", piece);
    }

    private static Map<String, Object> corrigo(QueryResponse answer) {
        Map<String, Object> corrigo = new LinkedHashMap<>();
        corrigo.put("run_id", answer.runId());
        corrigo.put("abstained", answer.abstained());
        corrigo.put("incomplete", answer.incomplete());
        corrigo.put("degraded", answer.degraded());
        corrigo.put("action", answer.action());
        corrigo.put("citations", answer.citations());
        corrigo.put("answer", answer.answer());
        if (answer.reading() != null) {
            corrigo.put("reading", answer.reading()); // how a follow-up was read: the question answered
        }
        if (answer.curated() != null) {
            corrigo.put("curated", answer.curated()); // an admin's own answer, served in place of the pipeline's
        }
        if (answer.confidence() != null) {
            corrigo.put("confidence", answer.confidence()); // high or medium, and the sources checked against
        }
        if (answer.refusal() != null) {
            corrigo.put("refusal", McpTools.refusalFields(answer.refusal())); // why withheld, what was searched and covered
        }
        // the model's own counts when its generator reported them; else an estimate, and it says so
        corrigo.put("usage_estimated", answer.usage() == null);
        return corrigo;
    }

    /**
     * OpenAI's usage object: the tokens the generator's model reported for the answer (every generation of the run),
     * else estimated from the text, about four characters a token (English prose, tiktoken's rule of thumb).
     */
    private static Map<String, Object> usage(QueryResponse answer, int estimatedPromptTokens, String completion) {
        if (answer.usage() != null) {
            return Map.of("prompt_tokens", answer.usage().inputTokens(), "completion_tokens", answer.usage().outputTokens(),
                    "total_tokens", answer.usage().totalTokens());
        }
        int promptTokens = estimatedPromptTokens;
        int completionTokens = estimatedTokens(completion);
        return Map.of("prompt_tokens", promptTokens, "completion_tokens", completionTokens,
                "total_tokens", promptTokens + completionTokens);
    }

    static int estimatedTokens(String text) {
        return text == null || text.isBlank() ? 0 : Math.max(1, (int) Math.ceil(text.strip().length() / 4.0));
    }

    private static int estimatedTokens(JsonNode messages) {
        int tokens = 0;
        for (JsonNode message : messages) {
            tokens += 4 + estimatedTokens(text(message.path("content"))); // a few tokens of framing per message
        }
        return tokens;
    }

    private void chunk(OutputStream out, String id, long created, String model, Map<String, Object> delta,
                       String finish, Map<String, Object> corrigo, boolean usageField) throws IOException {
        Map<String, Object> choice = new LinkedHashMap<>();
        choice.put("index", 0);
        choice.put("delta", delta);
        choice.put("finish_reason", finish);
        Map<String, Object> chunk = new LinkedHashMap<>();
        chunk.put("id", id);
        chunk.put("object", "chat.completion.chunk");
        chunk.put("created", created);
        chunk.put("model", model);
        chunk.put("choices", List.of(choice));
        if (usageField) {
            chunk.put("usage", null); // with include_usage, every chunk but the last has usage null
        }
        if (corrigo != null) {
            chunk.put("corrigo", corrigo);
        }
        sse.data(out, chunk);
    }

    @ExceptionHandler(OpenAiError.class)
    ResponseEntity<Map<String, Object>> openAiError(OpenAiError e) {
        return ResponseEntity.status(e.status).contentType(MediaType.APPLICATION_JSON)
                .body(Dialect.openAi(e.getMessage(), e.type, e.code));
    }

    @ExceptionHandler(ServiceException.class)
    ResponseEntity<Map<String, Object>> apiError(ServiceException e) {
        String message = e.describe();
        return ResponseEntity.status(ApiExceptionHandler.status(e.kind())).contentType(MediaType.APPLICATION_JSON)
                .body(Dialect.openAi(message, "invalid_request_error", e.code()));
    }
}

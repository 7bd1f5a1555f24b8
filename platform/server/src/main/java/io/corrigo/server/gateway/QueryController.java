package io.corrigo.server.gateway;

import io.corrigo.server.run.QueryResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/** The admin API's questions: {@code POST /api/v1/tenants/{tenant}/query}, as JSON or as server-sent events. */
@RestController
class QueryController {

    /**
     * The question to ask; with the {@code conversationId} of an earlier answer it is answered as that conversation's
     * next turn (a follow-up such as "And for part-time staff?" is read in its context), without one as a new
     * conversation's first.
     */
    record QueryRequest(String question, String conversationId) {
    }

    private final QuestionGateway gateway;
    private final SseEncoder sse;

    QueryController(QuestionGateway gateway, SseEncoder sse) {
        this.gateway = gateway;
        this.sse = sse;
    }

    @PostMapping("/api/v1/tenants/{tenant}/query")
    QueryResponse query(@PathVariable String tenant, @RequestBody QueryRequest request) {
        return gateway.ask(Caller.admin(tenant), QuestionGateway.Question.of(request.question(), request.conversationId()));
    }

    /**
     * The same answer as server-sent events (asked with {@code Accept: text/event-stream}), as the widget gets it:
     * {@code run}, {@code delta}…, {@code done} (the whole response) or {@code error}.
     */
    @PostMapping(value = "/api/v1/tenants/{tenant}/query", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    ResponseEntity<StreamingResponseBody> queryStreaming(@PathVariable String tenant, @RequestBody QueryRequest request) {
        QuestionGateway.Accepted accepted = gateway.accept(Caller.admin(tenant),
                QuestionGateway.Question.of(request.question(), request.conversationId()));
        StreamingResponseBody body = out -> {
            java.util.concurrent.atomic.AtomicBoolean gone = new java.util.concurrent.atomic.AtomicBoolean();
            accepted.answer(event -> {
                if (gone.get()) {
                    return;
                }
                try {
                    if (event instanceof AnswerEvent.Started s) {
                        sse.event(out, "run", java.util.Map.of("runId", s.runId(), "conversationId", s.conversationId()));
                    } else if (event instanceof AnswerEvent.Token t) {
                        sse.event(out, "delta", java.util.Map.of("text", t.text()));
                    } else if (event instanceof AnswerEvent.Done d) {
                        sse.event(out, "done", d.answer());
                    } else if (event instanceof AnswerEvent.Failed f) {
                        sse.event(out, "error", java.util.Map.of("code", f.code(), "message", f.message()));
                    }
                } catch (java.io.IOException e) {
                    gone.set(true); // the reader left: the run completes and is recorded all the same
                }
            });
        };
        return ResponseEntity.ok().contentType(MediaType.TEXT_EVENT_STREAM).header(HttpHeaders.CACHE_CONTROL, "no-cache")
                .body(body);
    }
}

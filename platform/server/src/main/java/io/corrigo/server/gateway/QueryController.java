package io.corrigo.server.gateway;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.knowledge.QuestionScope;
import io.corrigo.server.problem.ServiceException;
import java.util.List;
import java.util.Map;
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
    record QueryRequest(String question, String conversationId, List<String> collections, Map<String, Object> filter,
                        List<String> readAs) {

        QuestionGateway.Question asked() {
            return new QuestionGateway.Question(question, conversationId, List.of(),
                    QuestionScope.parse(collections, filter));
        }

        /** An admin, or with {@code readAs} an admin asking as a person of those groups would (to check permissions). */
        Caller caller(String tenant) {
            if (readAs == null) {
                return Caller.admin(tenant);
            }
            if (readAs.stream().anyMatch(g -> g == null || !g.matches("[a-z0-9][a-z0-9-]{0,39}"))) {
                throw ServiceException.invalid(ErrorCode.INVALID_SCOPE, "readAs: group names are 1-40 lower-case letters, "
                        + "digits and dashes.");
            }
            return new Caller(Caller.Kind.ADMIN, tenant, null, null, java.util.Set.copyOf(readAs), null);
        }
    }

    private final QuestionGateway gateway;
    private final AnswerStream stream;

    QueryController(QuestionGateway gateway, AnswerStream stream) {
        this.gateway = gateway;
        this.stream = stream;
    }

    @PostMapping("/api/v1/tenants/{tenant}/query")
    QueryResponse query(@PathVariable String tenant, @RequestBody QueryRequest request) {
        return gateway.ask(request.caller(tenant), request.asked());
    }

    /**
     * The same answer as server-sent events (asked with {@code Accept: text/event-stream}), as the widget gets it:
     * {@code run}, {@code decision}, {@code delta}…, {@code citations}, {@code done} (the whole response) or
     * {@code error} ({@link AnswerStream}).
     */
    @PostMapping(value = "/api/v1/tenants/{tenant}/query", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    ResponseEntity<StreamingResponseBody> queryStreaming(@PathVariable String tenant, @RequestBody QueryRequest request) {
        return stream.respond(gateway.accept(request.caller(tenant), request.asked()), answer -> answer);
    }
}

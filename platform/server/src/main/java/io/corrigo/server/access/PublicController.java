package io.corrigo.server.access;

import io.corrigo.server.run.SourceView;
import io.corrigo.server.gateway.Caller;
import io.corrigo.server.gateway.QuestionGateway;
import io.corrigo.server.gateway.AnswerStream;
import io.corrigo.server.run.QueryResponse;
import io.corrigo.server.run.RunLog;
import io.corrigo.server.tenant.WidgetSettings;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * What a publishable key may do (the chat widget): read the widget's look, ask, and rate an answer. The tenant is
 * the key's; nothing else of the tenant (traces, documents, settings) is reachable from here.
 */
@RestController
class PublicController {

    private final QuestionGateway gateway;
    private final AnswerStream stream;
    private final RunLog runs;
    private final WidgetLanguages languages;

    PublicController(QuestionGateway gateway, AnswerStream stream, RunLog runs, WidgetLanguages languages) {
        this.gateway = gateway;
        this.stream = stream;
        this.runs = runs;
        this.languages = languages;
    }

    /** The widget's look, and its optional starter questions, icon and link to a person. */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    record WidgetView(String title, String greeting, String placeholder, String color, List<String> starterQuestions,
                      String iconUrl, String handoffUrl, String handoffLabel) {
    }

    /** An answer as end users get it: no trace, no scores (its confidence as a level). */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    record PublicAnswer(String runId, String answer, boolean abstained, boolean incomplete, boolean degraded,
                        List<QueryResponse.CitationView> citations, String conversationId, String visitorToken,
                        QueryResponse.Reading reading, QueryResponse.Confidence confidence, Boolean curated,
                        io.corrigo.engine.confidence.Refusal refusal) {

        static PublicAnswer of(QueryResponse r) {
            return new PublicAnswer(r.runId(), r.answer(), r.abstained(), r.incomplete(), r.degraded(), r.citations(),
                    r.conversationId(), r.visitorToken(), r.reading(), r.confidence(), r.curated() == null ? null : true,
                    r.refusal());
        }
    }

    /**
     * A visitor's question; {@code conversationId} and {@code visitorToken} of an earlier answer continue that
     * conversation (both are returned with a new conversation's first answer; only that visitor holds the token).
     */
    record Ask(String question, String conversationId, String visitorToken) {
    }



    record Feedback(String rating, String comment) {
    }

    /** The widget's texts in the page's language ({@code lang}, e.g. {@code de}) where the tenant wrote them for it (or for this key). */
    @GetMapping("/public/v1/widget")
    WidgetView widget(@RequestAttribute(KeyAccessFilter.KEY) KeyView key,
                      @org.springframework.web.bind.annotation.RequestParam(name = "lang", required = false) String lang) {
        WidgetSettings s = languages.forPage(key.tenant(), key.id(), lang);
        return new WidgetView(s.title(), s.greeting(), s.placeholder(), s.color(), s.starterQuestions(), s.iconUrl(),
                s.handoffUrl(), s.handoffUrl() == null ? null : s.handoffLabel() == null ? "Contact us" : s.handoffLabel());
    }

    /** Answers through the tenant's pipeline, as one JSON object. */
    @PostMapping("/public/v1/ask")
    PublicAnswer ask(@RequestAttribute(KeyAccessFilter.KEY) KeyView key, @RequestBody Ask request) {
        return PublicAnswer.of(gateway.ask(caller(key, request), question(request)));
    }

    /**
     * The same answer as server-sent events (asked with {@code Accept: text/event-stream}): {@code run} (the run
     * id and conversation), {@code decision}, {@code delta} (pieces of the answer text, in order), {@code citations},
     * {@code done} (the whole answer with citations and flags), or {@code error}; see {@link AnswerStream}.
     */
    @PostMapping(value = "/public/v1/ask", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    ResponseEntity<StreamingResponseBody> askStreaming(@RequestAttribute(KeyAccessFilter.KEY) KeyView key,
                                                       @RequestBody Ask request) {
        return stream.respond(gateway.accept(caller(key, request), question(request)), PublicAnswer::of);
    }

    private static Caller caller(KeyView key, Ask request) {
        return Caller.visitor(key.tenant(), key.id(), key.groups(), key.collections(),
                request == null ? null : request.visitorToken());
    }

    private static QuestionGateway.Question question(Ask request) {
        return QuestionGateway.Question.of(request == null ? null : request.question(),
                request == null ? null : request.conversationId());
    }

    /** A source of an answer the key's tenant gave, opened by a reader: the passage with the quoted sentences marked. */
    @GetMapping("/public/v1/runs/{runId}/sources/{number}")
    SourceView source(@RequestAttribute(KeyAccessFilter.KEY) KeyView key, @PathVariable String runId,
                      @PathVariable int number) {
        return runs.source(key.tenant(), runId, number, key.id(), java.util.Set.copyOf(key.groups()));
    }

    @PostMapping("/public/v1/runs/{runId}/feedback")
    ResponseEntity<Void> feedback(@RequestAttribute(KeyAccessFilter.KEY) KeyView key, @PathVariable String runId,
                                  @RequestBody Feedback feedback) {
        runs.feedback(key.tenant(), runId, feedback == null ? null : feedback.rating(),
                feedback == null ? null : feedback.comment(), key.id());
        return ResponseEntity.noContent().build();
    }

}

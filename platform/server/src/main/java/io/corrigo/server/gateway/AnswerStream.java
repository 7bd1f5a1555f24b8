package io.corrigo.server.gateway;

import io.corrigo.engine.trace.Decision;
import io.corrigo.server.run.QueryResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * Corrigo's own event stream of an answer (the admin API's and the widget's): server-sent events named {@code run}
 * (run id, conversation id), {@code decision} (the retrieval decision, before generation), {@code delta} (pieces of the
 * answer text, in order), {@code citations} (the sources the served answer cites), then {@code done} (the whole
 * answer with its flags), or {@code error}. A reader that leaves does not stop the run: it completes and is recorded.
 */
@Component
public class AnswerStream {

    private final SseEncoder sse;

    AnswerStream(SseEncoder sse) {
        this.sse = sse;
    }

    /**
     * The response streaming {@code accepted}'s answer.
     *
     * @param done what the {@code done} event carries for the served answer (the caller's view of it)
     */
    public ResponseEntity<StreamingResponseBody> respond(QuestionGateway.Accepted accepted,
                                                         Function<QueryResponse, Object> done) {
        StreamingResponseBody body = out -> {
            AtomicBoolean gone = new AtomicBoolean();
            accepted.answer(event -> {
                if (gone.get()) {
                    return;
                }
                try {
                    write(out, event, done);
                } catch (IOException e) {
                    gone.set(true);
                }
            });
        };
        return ResponseEntity.ok().contentType(MediaType.TEXT_EVENT_STREAM).header(HttpHeaders.CACHE_CONTROL, "no-cache")
                .header("X-Accel-Buffering", "no").body(body);
    }

    private void write(OutputStream out, AnswerEvent event, Function<QueryResponse, Object> done) throws IOException {
        if (event instanceof AnswerEvent.Started s) {
            Map<String, Object> run = new LinkedHashMap<>();
            run.put("runId", s.runId());
            if (s.conversationId() != null) {
                run.put("conversationId", s.conversationId());
            }
            sse.event(out, "run", run);
        } else if (event instanceof AnswerEvent.Decided d) {
            sse.event(out, "decision", decision(d.decision()));
        } else if (event instanceof AnswerEvent.Token t) {
            for (String piece : pieces(t.text())) {
                sse.event(out, "delta", Map.of("text", piece));
            }
        } else if (event instanceof AnswerEvent.Cited c) {
            sse.event(out, "citations", Map.of("citations", c.citations()));
        } else if (event instanceof AnswerEvent.Done d) {
            sse.event(out, "done", done.apply(d.answer()));
        } else if (event instanceof AnswerEvent.Failed f) {
            sse.event(out, "error", Map.of("code", f.code(), "message", f.message()));
        }
    }

    private static Map<String, Object> decision(Decision decision) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("retrieve", decision.retrieve());
        body.put("action", decision.action() == null ? null : decision.action().name());
        body.put("graded", decision.graded());
        body.put("kept", decision.kept());
        body.put("webSearch", decision.webSearch());
        body.put("reason", decision.reason());
        return body;
    }

    /**
     * A piece of the answer in pieces of a few words: a streaming generator's tokens pass as they are, a whole answer
     * (a non-streaming generator, or an answer released after its critique) is paced for display.
     */
    static List<String> pieces(String text) {
        List<String> pieces = new ArrayList<>();
        String[] words = text.split("(?<=\\s)");
        StringBuilder piece = new StringBuilder();
        for (int i = 0; i < words.length; i++) {
            piece.append(words[i]);
            if ((i + 1) % 4 == 0) {
                pieces.add(piece.toString());
                piece.setLength(0);
            }
        }
        if (!piece.isEmpty()) {
            pieces.add(piece.toString());
        }
        return pieces;
    }
}

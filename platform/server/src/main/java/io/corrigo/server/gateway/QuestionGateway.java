package io.corrigo.server.gateway;

import io.corrigo.engine.condense.Turn;
import io.corrigo.engine.trace.Decision;
import io.corrigo.server.conversation.Conversations;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.run.QueryResponse;
import io.corrigo.server.run.QueryService;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * One way in for every question: the admin API, the widget's public API and the OpenAI-compatible API map their
 * requests to a {@link Caller} and a {@link Question}, {@link #accept} checks them (before any response starts, so a
 * bad question or a thread that is not the caller's is an error status, not a broken stream), and
 * {@link Accepted#answer} answers as one stream of {@link AnswerEvent}s: started, tokens, done (or failed).
 */
@Service
public class QuestionGateway {

    private static final Logger log = LoggerFactory.getLogger(QuestionGateway.class);

    /**
     * A question.
     *
     * @param text           what was asked
     * @param conversationId the stored thread it continues (admins, visitors), or {@code null} for a new one
     * @param history        the earlier turns a client sends itself (OpenAI's messages); empty otherwise
     * @param scope          the collections, metadata and dates the question names ({@link
     *                       io.corrigo.server.knowledge.QuestionScope}); its readers are ignored: the caller's count
     */
    public record Question(String text, String conversationId, List<Turn> history, io.corrigo.api.PassageFilter scope) {

        public Question {
            history = history == null ? List.of() : List.copyOf(history);
            scope = scope == null ? io.corrigo.api.PassageFilter.NONE : scope;
        }

        public Question(String text, String conversationId, List<Turn> history) {
            this(text, conversationId, history, null);
        }

        public static Question of(String text, String conversationId) {
            return new Question(text, conversationId, List.of());
        }
    }

    private final QueryService queries;

    QuestionGateway(QueryService queries) {
        this.queries = queries;
    }

    /**
     * Checks a question and opens its thread (a new one for a first question of an admin or visitor).
     *
     * @throws ServiceException 404 unknown tenant or a thread that is not the caller's, 400 bad question or thread id
     */
    public Accepted accept(Caller caller, Question question) {
        String text = queries.validate(caller.tenantId(), question.text());
        Conversations.Thread thread = caller.kind() == Caller.Kind.CLIENT ? null
                : queries.conversation(caller.tenantId(), question.conversationId(), caller.asker());
        return new Accepted(caller, text, question.history(), thread, UUID.randomUUID().toString(),
                caller.scope(question.scope()));
    }

    /**
     * Checks and answers a question at once: the served answer. Nothing is streamed, so nothing is released early
     * (no per-sentence critic calls).
     */
    public QueryResponse ask(Caller caller, Question question) {
        return accept(caller, question).answerAtOnce();
    }

    /** A checked question, ready to be answered once. */
    public final class Accepted {
        private final Caller caller;
        private final String text;
        private final List<Turn> history;
        private final Conversations.Thread thread;
        private final String runId;
        private final io.corrigo.api.PassageFilter filter;

        private Accepted(Caller caller, String text, List<Turn> history, Conversations.Thread thread, String runId,
                         io.corrigo.api.PassageFilter filter) {
            this.filter = filter;
            this.caller = caller;
            this.text = text;
            this.history = history;
            this.thread = thread;
            this.runId = runId;
        }

        /** The run's id, known before it runs. */
        public String runId() {
            return runId;
        }

        /**
         * Answers, handing {@code events} started, the retrieval decision, every released piece, the citations, then
         * done; failed instead of the citations and done if the host itself fails midway. The run is recorded (and the turn, for a stored thread) whatever the listener
         * does with the events.
         */
        public void answer(Consumer<AnswerEvent> events) {
            events.accept(new AnswerEvent.Started(runId, thread == null ? null : thread.id()));
            QueryResponse answer;
            try {
                answer = run(piece -> events.accept(new AnswerEvent.Token(piece)),
                        decision -> events.accept(new AnswerEvent.Decided(decision)));
            } catch (RuntimeException e) {
                log.error("Run {} of tenant {} failed: {}", runId, caller.tenantId(), e.toString(), e);
                events.accept(new AnswerEvent.Failed("run_failed", "The answer could not be completed; please try again."));
                return;
            }
            events.accept(new AnswerEvent.Cited(answer.citations()));
            events.accept(new AnswerEvent.Done(answer));
        }

        /** Answers without streaming: the served answer, recorded (no per-sentence critic calls, nothing to release). */
        public QueryResponse answerAtOnce() {
            return run(null, d -> { });
        }

        /**
         * Runs the question, handing pieces to {@code tokens} (or none when {@code null}) and the retrieval decision to
         * {@code decisions}, and records it.
         */
        private QueryResponse run(Consumer<String> tokens, Consumer<Decision> decisions) {
            io.corrigo.server.run.RunChannel channel = switch (caller.kind()) {
                case ADMIN -> io.corrigo.server.run.RunChannel.API;
                case VISITOR -> io.corrigo.server.run.RunChannel.widget(caller.keyId());
                case CLIENT -> io.corrigo.server.run.RunChannel.openai(caller.keyId());
                case ASSISTANT -> io.corrigo.server.run.RunChannel.mcp(caller.keyId());
            };
            return queries.ask(new io.corrigo.server.run.RunRequest(caller.tenantId(), text, thread, history, runId,
                    channel, filter, tokens, decisions));
        }
    }
}

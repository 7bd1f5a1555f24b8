package io.corrigo.server.gateway;

import io.corrigo.engine.trace.Decision;
import io.corrigo.server.run.QueryResponse;
import java.util.List;

/**
 * What a caller learns while a question is answered, in order: started, the retrieval decision (when one is taken),
 * pieces of text, the citations, then done; failed instead of the rest if the host itself fails.
 */
public sealed interface AnswerEvent {

    /**
     * The run began.
     *
     * @param runId          the run's id (its trace, its feedback)
     * @param conversationId the conversation it is a turn of, or {@code null} for a caller that sends its own history
     */
    record Started(String runId, String conversationId) implements AnswerEvent {
    }

    /**
     * A piece of the answer as the pipeline releases it (with the critique on: a sentence the critic supports). The
     * pieces are a preview; {@link Done} carries the served answer.
     */
    record Token(String text) implements AnswerEvent {
    }

    /**
     * The retrieval decision, before the answer is generated: whether the knowledge base was consulted, the corrective
     * action of its graded passages, how many were kept, whether the web is searched.
     */
    record Decided(Decision decision) implements AnswerEvent {
    }

    /** The sources the served answer cites (empty for an abstention), just before {@link Done}. */
    record Cited(List<QueryResponse.CitationView> citations) implements AnswerEvent {
    }

    /** The served answer with its citations, flags and conversation. */
    record Done(QueryResponse answer) implements AnswerEvent {
    }

    /**
     * The run failed after it started (the pipeline turns plugin failures into degraded answers, so this is the host's
     * own failure).
     */
    record Failed(String code, String message) implements AnswerEvent {
    }
}

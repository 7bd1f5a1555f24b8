package io.corrigo.server.gateway;

import io.corrigo.server.run.QueryResponse;

/** What a caller learns while a question is answered, in order: started, pieces of text, then done or failed. */
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

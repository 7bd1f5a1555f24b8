package io.corrigo.server.run;

import io.corrigo.api.PassageFilter;
import io.corrigo.engine.condense.Turn;
import io.corrigo.engine.trace.Decision;
import io.corrigo.server.conversation.Conversations;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * One question to answer, as every entry point hands it to {@link QueryService#ask(RunRequest)}: for which tenant, in
 * which conversation, within which scope, through which channel, and where the answer's pieces and the retrieval
 * decision go as they come.
 *
 * @param tenantId  the tenant asked
 * @param question  the question as asked
 * @param thread    the stored conversation it continues (the admin API, the widget), whose turn it is recorded as;
 *                  or {@code null}
 * @param history   without a thread, the earlier turns a client sends itself (as OpenAI's chat API does); not stored
 * @param runId     the run's id (a random one when {@code null})
 * @param channel   where it came from (default: the admin API)
 * @param filter    the passages it may be answered from (default: all)
 * @param tokens    where the answer's pieces go as they are released, or {@code null}
 * @param decisions where the retrieval decision is announced before the answer is generated (default: nowhere)
 */
public record RunRequest(String tenantId, String question, Conversations.Thread thread, List<Turn> history,
                         String runId, RunChannel channel, PassageFilter filter, Consumer<String> tokens,
                         Consumer<Decision> decisions) {

    public RunRequest {
        Objects.requireNonNull(tenantId, "tenantId");
        Objects.requireNonNull(question, "question");
        history = thread != null ? thread.history() : history == null ? List.of() : List.copyOf(history);
        runId = runId == null ? UUID.randomUUID().toString() : runId;
        channel = channel == null ? RunChannel.API : channel;
        filter = filter == null ? PassageFilter.NONE : filter;
        decisions = decisions == null ? d -> { } : decisions;
    }

    /** A first question through the admin API, over everything, answered at once. */
    public static RunRequest of(String tenantId, String question) {
        return new RunRequest(tenantId, question, null, List.of(), null, null, null, null, null);
    }
}

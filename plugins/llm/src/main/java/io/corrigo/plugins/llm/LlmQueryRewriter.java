package io.corrigo.plugins.llm;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import io.corrigo.api.QueryRewriter;
import io.corrigo.api.RewritePurpose;
import java.util.List;

/**
 * Rewrites questions with a language model: search keywords for the web, a restated question for re-retrieval, a
 * standalone question from a conversation's follow-up.
 */
final class LlmQueryRewriter implements QueryRewriter {

    static final String WEB = "Rewrite the user's question as a short web search query (keywords, no question words). "
            + "Reply with the query only.";
    static final String RETRIEVAL = "The user's question was answered badly from a document collection. Restate it "
            + "so that a search finds better passages: spell out abbreviations, add likely synonyms, keep the meaning. "
            + "Reply with the restated question only.";

    static final String CONDENSE = "Given the conversation and the user's follow-up question, rewrite the follow-up as "
            + "one standalone question that can be understood without the conversation: resolve pronouns and add what "
            + "the follow-up leaves out. A pronoun stands only for something of its kind, as the line 'Named so far' "
            + "lists them: he or she for a person; they or them for several people, a group or an organisation; it for "
            + "a thing, a place, an event or an organisation. Name nothing the conversation did not name. If the "
            + "follow-up already stands alone, return it unchanged. Reply with the question only.";

    private final Chat chat;

    LlmQueryRewriter(Chat chat) {
        this.chat = chat;
    }

    @Override
    public String rewrite(String question, RewritePurpose purpose, String feedback) {
        String user = purpose == RewritePurpose.CONDENSE
                ? "Conversation:\n" + (feedback == null ? "" : feedback) + "\nFollow-up: " + question
                : "Question: " + question + (feedback == null ? "" : "\nWhat went wrong: " + feedback);
        String system = switch (purpose) {
            case WEB_SEARCH -> WEB;
            case CONDENSE -> CONDENSE;
            default -> RETRIEVAL;
        };
        String reply = chat.complete(List.of(SystemMessage.from(system), UserMessage.from(user)));
        String firstLine = reply.strip().lines().findFirst().orElse("").strip();
        return firstLine.replaceAll("^(?i)(query|question)\\s*:\\s*", "").replaceAll("^[\"']|[\"']$", "").strip();
    }
}

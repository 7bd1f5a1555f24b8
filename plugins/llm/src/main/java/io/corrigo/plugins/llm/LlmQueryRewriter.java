package io.corrigo.plugins.llm;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import io.corrigo.api.QueryRewriter;
import io.corrigo.api.RewritePurpose;
import java.util.List;

/** Rewrites questions with a language model: search keywords for the web, a restated question for re-retrieval. */
final class LlmQueryRewriter implements QueryRewriter {

    static final String WEB = "Rewrite the user's question as a short web search query (keywords, no question words). "
            + "Reply with the query only.";
    static final String RETRIEVAL = "The user's question was answered badly from a document collection. Restate it "
            + "so that a search finds better passages: spell out abbreviations, add likely synonyms, keep the meaning. "
            + "Reply with the restated question only.";

    private final Chat chat;

    LlmQueryRewriter(Chat chat) {
        this.chat = chat;
    }

    @Override
    public String rewrite(String question, RewritePurpose purpose, String feedback) {
        String user = "Question: " + question + (feedback == null ? "" : "\nWhat went wrong: " + feedback);
        String reply = chat.complete(List.of(SystemMessage.from(purpose == RewritePurpose.WEB_SEARCH ? WEB : RETRIEVAL),
                UserMessage.from(user)));
        String firstLine = reply.strip().lines().findFirst().orElse("").strip();
        return firstLine.replaceAll("^(?i)(query|question)\\s*:\\s*", "").replaceAll("^[\"']|[\"']$", "").strip();
    }
}

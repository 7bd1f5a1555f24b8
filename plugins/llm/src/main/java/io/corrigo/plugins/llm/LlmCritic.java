package io.corrigo.plugins.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import io.corrigo.api.Critic;
import io.corrigo.api.Critique;
import io.corrigo.api.CritiqueRequest;
import io.corrigo.api.Query;
import io.corrigo.api.RetrievalNeed;
import io.corrigo.api.SentenceSupport;
import io.corrigo.api.Support;
import io.corrigo.api.text.Sentences;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Self-RAG's critique by a language model: the answer's sentences are numbered, and the model returns, as JSON, a
 * support label per sentence (full / partial / none) and a usefulness from 1 to 5. A reply that cannot be read is an
 * error (the host then serves the answer unchecked and flags the run), not a guess. Optionally also decides
 * retrieve-or-not.
 *
 * <p><b>Sufficient-context mode</b>: the model also says whether the answer states the specific detail the question
 * asks for ({@code "answers": false} for an on-topic answer without it); such an answer is rated usefulness 1, "does
 * not answer the question", so the loop re-retrieves or abstains rather than serve it.
 */
final class LlmCritic implements Critic {

    static final String SYSTEM = """
            You check an answer against the context it was written from. For each numbered answer sentence decide \
            whether the context supports it: "full" (everything it states is in the context), "partial" (some of it), \
            or "none" (not in the context, or contradicted). Then rate how useful the whole answer is for the \
            question, from 1 (useless) to 5 (complete and to the point). Reply with JSON only: \
            {"sentences": [{"n": 1, "support": "full"}, ...], "usefulness": 4}""";

    static final String SUFFICIENT_SYSTEM = SYSTEM.replace("Reply with JSON only:", "Also decide whether the answer "
            + "states the specific detail the question asks for (the figure, date, name, place or reason, about what the "
            + "question names): \"answers\": false for an answer on the topic without it. Reply with JSON only:")
            .replace("\"usefulness\": 4}", "\"usefulness\": 4, \"answers\": true}");

    static final String RETRIEVE_SYSTEM = """
            Decide whether answering the user's message needs documents from a knowledge base. Reply with one word: \
            RETRIEVE for any question asking for facts, NO_RETRIEVAL for greetings, thanks, small talk or questions \
            about the assistant itself.""";

    private final Chat chat;
    private final boolean decideRetrieval;
    private final boolean sufficientContext;

    LlmCritic(Chat chat, boolean decideRetrieval) {
        this(chat, decideRetrieval, false);
    }

    /** @param sufficientContext also ask whether the answer states the asked detail */
    LlmCritic(Chat chat, boolean decideRetrieval, boolean sufficientContext) {
        this.chat = chat;
        this.decideRetrieval = decideRetrieval;
        this.sufficientContext = sufficientContext;
    }

    @Override
    public Critique critique(CritiqueRequest request) {
        List<String> sentences = Sentences.ofAnswer(request.answer().text());
        StringBuilder user = new StringBuilder(LlmGenerator.numberedContext(request.context()));
        user.append("\nQuestion: ").append(request.query().text()).append("\n\nAnswer sentences:\n");
        for (int i = 0; i < sentences.size(); i++) {
            user.append(i + 1).append(". ").append(sentences.get(i)).append('\n');
        }
        String reply = chat.complete(List.of(SystemMessage.from(sufficientContext ? SUFFICIENT_SYSTEM : SYSTEM),
                UserMessage.from(user.toString())));
        return read(reply, sentences);
    }

    static Critique read(String reply, List<String> sentences) {
        JsonNode json = JsonReplies.object(reply).orElseThrow(() ->
                new IllegalStateException("critic output unparseable: '" + JsonReplies.excerpt(reply) + "'"));
        Support[] supports = new Support[sentences.size()];
        for (JsonNode item : json.path("sentences")) {
            int n = item.path("n").asInt(-1);
            Support support = support(item.path("support").asText(""));
            if (n >= 1 && n <= sentences.size() && support != null) {
                supports[n - 1] = support;
            }
        }
        List<SentenceSupport> judged = new ArrayList<>();
        for (int i = 0; i < sentences.size(); i++) {
            if (supports[i] == null) {
                throw new IllegalStateException("critic judged no support for sentence " + (i + 1) + ": '"
                        + JsonReplies.excerpt(reply) + "'");
            }
            judged.add(new SentenceSupport(sentences.get(i), supports[i], supports[i].weight(), null));
        }
        int usefulness = json.path("usefulness").asInt(0);
        if (usefulness < 1 || usefulness > 5) {
            throw new IllegalStateException("critic gave no usefulness from 1 to 5: '" + JsonReplies.excerpt(reply) + "'");
        }
        JsonNode answers = json.path("answers");
        if (answers.isBoolean() && !answers.asBoolean()) {
            return new Critique(judged, 1, "supported but does not answer the question: the critic model finds that "
                    + "it does not state the asked detail (sufficient-context judgement)");
        }
        return new Critique(judged, usefulness, "judged by the critic model");
    }

    private static Support support(String label) {
        return switch (label.strip().toLowerCase(Locale.ROOT)) {
            case "full", "fully", "fully supported" -> Support.FULLY;
            case "partial", "partially", "partially supported" -> Support.PARTIALLY;
            case "none", "no", "no support", "contradictory", "unsupported" -> Support.NONE;
            default -> null;
        };
    }

    @Override
    public RetrievalNeed needsRetrieval(Query query) {
        if (!decideRetrieval) {
            return RetrievalNeed.UNDECIDED;
        }
        String reply = chat.complete(List.of(SystemMessage.from(RETRIEVE_SYSTEM), UserMessage.from(query.text())))
                .toUpperCase(Locale.ROOT);
        if (reply.contains("NO_RETRIEVAL") || reply.contains("NO RETRIEVAL")) {
            return RetrievalNeed.NO_RETRIEVAL;
        }
        return reply.contains("RETRIEVE") ? RetrievalNeed.RETRIEVE : RetrievalNeed.UNDECIDED;
    }
}

package io.corrigo.plugins.llm;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import io.corrigo.api.Answer;
import io.corrigo.api.Citation;
import io.corrigo.api.ContextStrip;
import io.corrigo.api.GenerationRequest;
import io.corrigo.api.Generator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Answers with a chat model from the refined context only, citing by number, and says so when the context does not
 * answer. With {@code reflectionTokens} (a Self-RAG model) the output's reflection tokens are parsed into the answer's
 * {@link io.corrigo.api.Reflection} and removed from its text; such output is not streamed live, since tokens would
 * reach the user before they could be removed.
 */
final class LlmGenerator implements Generator {

    /** The sentence the prompt asks for when the context does not answer; its presence makes the answer an abstention. */
    static final String NO_ANSWER = "The sources do not answer this question.";

    static final String SYSTEM = """
            You answer questions using ONLY the numbered context passages provided. Rules:
            - Every sentence you write must be supported by the context; cite the passage(s) it comes from with \
            their numbers in square brackets, e.g. [1] or [2][3].
            - Do not use any knowledge that is not in the context. Do not guess.
            - If the context does not answer the question, reply exactly: "%s"
            - Be concise: a few sentences.""".formatted(NO_ANSWER);

    static final String CONVERSATIONAL = """
            You are a helpful assistant for a knowledge base. The user's message needs no documents (a greeting, \
            thanks, or a question about you): reply in one or two friendly sentences, state no facts, and invite a \
            question about the knowledge base.""";

    private static final Pattern CITATION = Pattern.compile("\\[(\\d+)\\]");

    private final Chat chat;
    private final boolean reflectionTokens;

    LlmGenerator(Chat chat, boolean reflectionTokens) {
        this.chat = chat;
        this.reflectionTokens = reflectionTokens;
    }

    @Override
    public Answer generate(GenerationRequest request) {
        if (nothingToAnswerFrom(request)) {
            return Answer.abstain(NO_ANSWER);
        }
        return answer(request, chat.reply(messages(request)));
    }

    @Override
    public Answer generate(GenerationRequest request, Consumer<String> tokens) {
        if (nothingToAnswerFrom(request)) {
            return Answer.abstain(NO_ANSWER);
        }
        if (reflectionTokens) {
            return Generator.super.generate(request, tokens); // the whole, stripped answer at once
        }
        return answer(request, chat.stream(messages(request), tokens));
    }

    /** No context survived grading and retrieval was not skipped: abstain without asking the model (it would guess). */
    private static boolean nothingToAnswerFrom(GenerationRequest request) {
        return request.context().isEmpty() && !request.retrievalSkipped();
    }

    static List<ChatMessage> messages(GenerationRequest request) {
        if (request.retrievalSkipped()) {
            return List.of(SystemMessage.from(CONVERSATIONAL), UserMessage.from(request.query().text()));
        }
        StringBuilder user = new StringBuilder(numberedContext(request.context()));
        user.append("\nQuestion: ").append(request.query().text());
        if (request.feedback() != null) {
            user.append("\n\nA reviewer rejected an earlier answer. ").append(request.feedback());
        }
        return List.of(SystemMessage.from(SYSTEM), UserMessage.from(user.toString()));
    }

    /** The context as the prompts show it: "Context:" and one "[n] text" line per strip. */
    static String numberedContext(List<ContextStrip> context) {
        StringBuilder text = new StringBuilder("Context:\n");
        for (ContextStrip strip : context) {
            text.append('[').append(strip.citation()).append("] ").append(strip.text()).append('\n');
        }
        return text.toString();
    }

    /** The answer in a reply, with the tokens the model reported for it. */
    private Answer answer(GenerationRequest request, Chat.Reply reply) {
        return answer(request, reply.text()).withUsage(reply.usage());
    }

    private Answer answer(GenerationRequest request, String output) {
        ReflectionTokens.Parsed parsed = reflectionTokens ? ReflectionTokens.parse(output)
                : new ReflectionTokens.Parsed(output.strip(), null);
        String text = parsed.text();
        if (request.retrievalSkipped()) {
            return new Answer(text, List.of(), false, parsed.reflection());
        }
        if (text.isEmpty() || text.contains(NO_ANSWER)) {
            return new Answer(NO_ANSWER, List.of(), true, parsed.reflection());
        }
        Map<Integer, ContextStrip> byNumber = new LinkedHashMap<>();
        request.context().forEach(s -> byNumber.putIfAbsent(s.citation(), s));
        Map<Integer, Citation> cited = new LinkedHashMap<>();
        Matcher m = CITATION.matcher(text);
        while (m.find()) {
            int number = Integer.parseInt(m.group(1));
            ContextStrip strip = byNumber.get(number);
            if (strip != null) {
                cited.putIfAbsent(number, new Citation(number, strip.source(), quote(request.context(), number)));
            }
        }
        return new Answer(text, new ArrayList<>(cited.values()), false, parsed.reflection());
    }

    private static String quote(List<ContextStrip> context, int number) {
        return String.join(" … ", context.stream().filter(s -> s.citation() == number).map(ContextStrip::text).toList());
    }
}

package io.corrigo.plugins.llm;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import io.corrigo.api.TokenUsage;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/** One endpoint's chat calls, blocking: a whole reply, or a streamed one handed over piece by piece. */
final class Chat {

    /** A reply's text, with the tokens the model reported for the call ({@code null} when it reported none). */
    record Reply(String text, TokenUsage usage) {
    }

    private final ModelEndpoint endpoint;
    private final ChatModel model;
    private volatile StreamingChatModel streaming;

    Chat(ModelEndpoint endpoint) {
        this.endpoint = endpoint;
        this.model = inPluginLoader(endpoint::chatModel);
    }

    /**
     * Runs {@code work} with this plugin's class loader as the thread's context loader: LangChain4j finds its HTTP
     * client and JSON codec through {@link java.util.ServiceLoader}, which would otherwise see the host's copies,
     * of other versions, in another class loader ("not a subtype").
     */
    static <T> T inPluginLoader(java.util.function.Supplier<T> work) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(Chat.class.getClassLoader());
        try {
            return work.get();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The model's reply to {@code messages}. */
    String complete(List<ChatMessage> messages) {
        return reply(messages).text();
    }

    /** The model's reply to {@code messages}, with the tokens it reported. */
    Reply reply(List<ChatMessage> messages) {
        ChatResponse response = inPluginLoader(() -> model.chat(messages));
        String text = response.aiMessage() == null ? null : response.aiMessage().text();
        if (text == null) {
            throw new IllegalStateException(endpoint + " returned no text");
        }
        return new Reply(text, usage(response));
    }

    /** The counts a response reports, or {@code null} when it lacks either. */
    static TokenUsage usage(ChatResponse response) {
        dev.langchain4j.model.output.TokenUsage usage = response == null ? null : response.tokenUsage();
        if (usage == null || usage.inputTokenCount() == null || usage.outputTokenCount() == null) {
            return null;
        }
        return new TokenUsage(usage.inputTokenCount(), usage.outputTokenCount());
    }

    /** The model's reply to {@code messages}, each piece handed to {@code pieces} as it arrives; waits for the end. */
    Reply stream(List<ChatMessage> messages, Consumer<String> pieces) {
        StreamingChatModel streamingModel = streaming;
        if (streamingModel == null) {
            streamingModel = inPluginLoader(endpoint::streamingModel);
            streaming = streamingModel;
        }
        CompletableFuture<Reply> done = new CompletableFuture<>();
        StringBuilder text = new StringBuilder();
        StreamingChatModel chosen = streamingModel;
        inPluginLoader(() -> {
            chosen.chat(messages, handler(done, text, pieces));
            return null;
        });
        try {
            return done.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            done.cancel(true);
            throw new IllegalStateException(endpoint + ": interrupted while streaming", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
        }
    }

    private static StreamingChatResponseHandler handler(CompletableFuture<Reply> done, StringBuilder text,
                                                        Consumer<String> pieces) {
        return new StreamingChatResponseHandler() {
            @Override
            public void onPartialResponse(String piece) {
                if (piece != null && !piece.isEmpty() && !done.isDone()) {
                    text.append(piece);
                    pieces.accept(piece);
                }
            }

            @Override
            public void onCompleteResponse(ChatResponse response) {
                String whole = response.aiMessage() == null ? null : response.aiMessage().text();
                done.complete(new Reply(whole != null && !whole.isEmpty() ? whole : text.toString(), usage(response)));
            }

            @Override
            public void onError(Throwable error) {
                done.completeExceptionally(error);
            }
        };
    }

    @Override
    public String toString() {
        return endpoint.toString();
    }
}

package io.corrigo.plugins.llm.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A language-model server on 127.0.0.1 speaking two real wire formats: OpenAI's chat completions
 * ({@code POST /v1/chat/completions}, JSON, or server-sent events with {@code "stream": true}) and Ollama's chat
 * ({@code POST /api/chat}, JSON, or newline-delimited JSON chunks when streaming). Each test scripts the reply as a
 * function of the request (its messages); {@link #HANG} makes the server sleep instead of answering. It embeds too,
 * in OpenAI's ({@code POST /v1/embeddings}) and Ollama's ({@code POST /api/embed}) formats ({@link #embedWith}). Shared with the
 * host's tests through this module's test jar.
 */
public final class FakeModelServer implements AutoCloseable {

    /** A reply that never comes: the server holds the request for 30 s. */
    public static final String HANG = "\u0000hang";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private volatile Function<Request, String> script = r -> "";
    private volatile Function<String, float[]> embedder = text -> wordVector(text, Map.of());
    public final List<Request> requests = new CopyOnWriteArrayList<>();

    /** One request as the server saw it. */
    public record Request(String path, boolean stream, String system, String lastUser, JsonNode body) {
    }

    public FakeModelServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "fake-model-server");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/v1/chat/completions", exchange -> handle(exchange, true));
        server.createContext("/api/chat", exchange -> handle(exchange, false));
        server.createContext("/v1/embeddings", exchange -> embeddings(exchange, true));
        server.createContext("/api/embed", exchange -> embeddings(exchange, false));
        server.start();
    }

    /** Replies to every request with {@code reply(request)}. */
    public FakeModelServer script(Function<Request, String> reply) {
        this.script = reply;
        return this;
    }

    /** Embeds every text with {@code embedder} (by default {@link #wordVector} without synonyms). */
    public FakeModelServer embedWith(Function<String, float[]> embedder) {
        this.embedder = embedder;
        return this;
    }

    /**
     * A stand-in for a multilingual embedding model: each word (lower case, letters only) counts on one of 64
     * dimensions chosen by its hash — after {@code concepts} maps it to a shared name ("wiegt" and "weigh" to
     * "weight"), so texts in two languages that use words of one concept point the same way. Not normalised: a real
     * server's vectors need not be.
     */
    public static float[] wordVector(String text, Map<String, String> concepts) {
        float[] vector = new float[64];
        for (String word : text.toLowerCase(java.util.Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!word.isEmpty()) {
                vector[Math.floorMod(concepts.getOrDefault(word, word).hashCode(), vector.length)] += 2;
            }
        }
        vector[vector.length - 1] += 0.5f; // never all zeros
        return vector;
    }

    private void embeddings(HttpExchange exchange, boolean openAi) throws IOException {
        JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
        requests.add(new Request(exchange.getRequestURI().getPath(), false, "", "", body));
        List<String> inputs = new java.util.ArrayList<>();
        if (body.path("input").isArray()) {
            body.path("input").forEach(i -> inputs.add(i.asText()));
        } else {
            inputs.add(body.path("input").asText());
        }
        String model = body.path("model").asText();
        ObjectNode response = JSON.createObjectNode();
        if (openAi) { // OpenAI's shape: a list of {object, index, embedding}, and the tokens it counted
            response.put("object", "list").put("model", model);
            com.fasterxml.jackson.databind.node.ArrayNode data = response.putArray("data");
            for (int i = 0; i < inputs.size(); i++) {
                ObjectNode item = data.addObject().put("object", "embedding").put("index", i);
                com.fasterxml.jackson.databind.node.ArrayNode vector = item.putArray("embedding");
                for (float v : embedder.apply(inputs.get(i))) {
                    vector.add(v);
                }
            }
            int tokens = inputs.stream().mapToInt(t -> t.isBlank() ? 0 : t.strip().split("\\s+").length).sum();
            response.putObject("usage").put("prompt_tokens", tokens).put("total_tokens", tokens);
        } else { // Ollama's /api/embed: {model, embeddings: [[...], ...]}
            response.put("model", model);
            com.fasterxml.jackson.databind.node.ArrayNode all = response.putArray("embeddings");
            for (String input : inputs) {
                com.fasterxml.jackson.databind.node.ArrayNode vector = all.addArray();
                for (float v : embedder.apply(input)) {
                    vector.add(v);
                }
            }
        }
        send(exchange, "application/json", JSON.writeValueAsString(response));
    }

    public String openAiUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    public String ollamaUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange, boolean openAi) throws IOException {
        JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
        String system = "";
        String lastUser = "";
        for (JsonNode message : body.path("messages")) {
            if (message.path("role").asText().equals("system")) {
                system = message.path("content").asText();
            } else if (message.path("role").asText().equals("user")) {
                lastUser = message.path("content").asText();
            }
        }
        boolean stream = body.path("stream").asBoolean(!openAi); // Ollama streams unless told not to
        Request request = new Request(exchange.getRequestURI().getPath(), stream, system, lastUser, body);
        requests.add(request);
        String reply = script.apply(request);
        if (HANG.equals(reply)) {
            try {
                Thread.sleep(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
            return;
        }
        int promptTokens = promptTokens(body);
        if (openAi) {
            openAi(exchange, body.path("model").asText(), reply, stream, promptTokens,
                    body.path("stream_options").path("include_usage").asBoolean(false));
        } else {
            ollama(exchange, body.path("model").asText(), reply, stream, promptTokens);
        }
    }

    /**
     * The tokens this server reports for a prompt: one per word of its messages' text. A real model counts otherwise;
     * what matters to a test is that the counts are the server's own, so a client that passes them on can be checked.
     */
    public static int promptTokens(JsonNode body) {
        int tokens = 0;
        for (JsonNode message : body.path("messages")) {
            String text = message.path("content").asText("").strip();
            tokens += text.isEmpty() ? 0 : text.split("\\s+").length;
        }
        return tokens;
    }

    /** The tokens this server reports for a reply: one per streamed piece. */
    public static int completionTokens(String reply) {
        return pieces(reply).size();
    }

    private static void openAi(HttpExchange exchange, String model, String reply, boolean stream, int promptTokens,
                               boolean includeUsage) throws IOException {
        int completionTokens = completionTokens(reply);
        if (!stream) {
            ObjectNode response = JSON.createObjectNode().put("id", "chatcmpl-fake").put("object", "chat.completion")
                    .put("created", 1_700_000_000).put("model", model);
            ObjectNode choice = response.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop");
            choice.putObject("message").put("role", "assistant").put("content", reply);
            response.putObject("usage").put("prompt_tokens", promptTokens).put("completion_tokens", completionTokens)
                    .put("total_tokens", promptTokens + completionTokens);
            send(exchange, "application/json", JSON.writeValueAsString(response));
            return;
        }
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        try (OutputStream out = exchange.getResponseBody()) {
            for (String piece : pieces(reply)) {
                ObjectNode chunk = chunk(model);
                ((ObjectNode) chunk.withArray("choices").addObject().put("index", 0).putNull("finish_reason"))
                        .putObject("delta").put("content", piece);
                out.write(("data: " + JSON.writeValueAsString(chunk) + "\n\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
            ObjectNode last = chunk(model);
            last.withArray("choices").addObject().put("index", 0).put("finish_reason", "stop").putObject("delta");
            out.write(("data: " + JSON.writeValueAsString(last) + "\n\n").getBytes(StandardCharsets.UTF_8));
            if (includeUsage) { // as OpenAI does: one more chunk, no choices, the usage
                ObjectNode usage = chunk(model);
                usage.putArray("choices");
                usage.putObject("usage").put("prompt_tokens", promptTokens).put("completion_tokens", completionTokens)
                        .put("total_tokens", promptTokens + completionTokens);
                out.write(("data: " + JSON.writeValueAsString(usage) + "\n\n").getBytes(StandardCharsets.UTF_8));
            }
            out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
        }
    }

    private static ObjectNode chunk(String model) {
        return JSON.createObjectNode().put("id", "chatcmpl-fake").put("object", "chat.completion.chunk")
                .put("created", 1_700_000_000).put("model", model);
    }

    private static void ollama(HttpExchange exchange, String model, String reply, boolean stream, int promptTokens)
            throws IOException {
        int completionTokens = completionTokens(reply);
        if (!stream) {
            send(exchange, "application/json", JSON.writeValueAsString(ollamaChunk(model, reply, true, promptTokens, completionTokens)));
            return;
        }
        exchange.getResponseHeaders().add("Content-Type", "application/x-ndjson");
        exchange.sendResponseHeaders(200, 0);
        try (OutputStream out = exchange.getResponseBody()) {
            for (String piece : pieces(reply)) {
                out.write((JSON.writeValueAsString(ollamaChunk(model, piece, false, 0, 0)) + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
            out.write((JSON.writeValueAsString(ollamaChunk(model, "", true, promptTokens, completionTokens)) + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    private static ObjectNode ollamaChunk(String model, String content, boolean done, int promptTokens, int completionTokens) {
        ObjectNode chunk = JSON.createObjectNode().put("model", model).put("created_at", "2026-11-22T10:00:00Z");
        chunk.putObject("message").put("role", "assistant").put("content", content);
        chunk.put("done", done);
        if (done) {
            chunk.put("done_reason", "stop").put("prompt_eval_count", promptTokens).put("eval_count", completionTokens);
        }
        return chunk;
    }

    /** The reply in pieces of a word or so, as a model streams tokens. */
    public static List<String> pieces(String reply) {
        return List.of(reply.split("(?<= )"));
    }

    private static void send(HttpExchange exchange, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

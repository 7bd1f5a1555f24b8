package io.corrigo.testsupport;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A real HTTP server on 127.0.0.1 standing in for a remote JSON API (a search engine, a provider's API): it answers
 * every request with the status, body and headers it was last told, and records what it was asked.
 */
public final class FakeApi implements AutoCloseable {

    /** One request as it arrived. */
    public record Seen(String method, String path, String query, Map<String, List<String>> headers, String body) {
    }

    private final HttpServer server;
    /** Every request so far, oldest first. */
    public final List<Seen> requests = new CopyOnWriteArrayList<>();
    /** The status of the next answers. */
    public volatile int status = 200;
    /** The body of the next answers (JSON). */
    public volatile String body = "{}";
    /** Extra headers of the next answers. */
    public volatile Map<String, String> headers = Map.of();

    /** Starts listening on a free port of 127.0.0.1. */
    public FakeApi() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String requestBody = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            requests.add(new Seen(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    exchange.getRequestURI().getRawQuery(), exchange.getRequestHeaders(), requestBody));
            byte[] out = body.getBytes(StandardCharsets.UTF_8);
            headers.forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, out.length);
            try (OutputStream os = exchange.getResponseBody()) {
                os.write(out);
            }
        });
        server.start();
    }

    /** {@code http://127.0.0.1:<port>}. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

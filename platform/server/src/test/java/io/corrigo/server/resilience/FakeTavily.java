package io.corrigo.server.resilience;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** Tavily's search API on 127.0.0.1, answering in its wire format, with a switchable fault. */
final class FakeTavily implements AutoCloseable {

    enum Mode { HEALTHY, HANG, ERROR_500, RATE_LIMITED, MALFORMED, EMPTY }

    static final String RESULTS = """
            {"query":"insulin produced body","response_time":0.4,"results":[
              {"title":"Insulin","url":"https://example.test/insulin","score":0.95,
               "content":"<p>Insulin is a peptide hormone produced by the <b>beta cells</b> of the pancreatic islets in the pancreas.</p>"},
              {"title":"Pancreas","url":"https://example.test/pancreas","score":0.80,
               "content":"The pancreas is an organ of the digestive system located in the abdomen behind the stomach."}]}""";

    private final HttpServer server;
    final AtomicInteger requests = new AtomicInteger();
    volatile Mode mode = Mode.HEALTHY;

    FakeTavily() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "fake-tavily");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/search", exchange -> {
            requests.incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            Mode now = mode;
            int status = 200;
            String body = RESULTS;
            switch (now) {
                case HANG -> {
                    try {
                        Thread.sleep(10_000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                case ERROR_500 -> {
                    status = 500;
                    body = "{\"detail\":\"internal error\"}";
                }
                case RATE_LIMITED -> {
                    status = 429;
                    body = "{\"detail\":{\"error\":\"Rate limit exceeded\"}}";
                    exchange.getResponseHeaders().add("Retry-After", "30");
                }
                case MALFORMED -> body = "{\"results\": [ {\"title\": \"Insul";
                case EMPTY -> body = "{\"query\":\"x\",\"results\":[]}";
                default -> { }
            }
            byte[] out = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            try {
                exchange.sendResponseHeaders(status, out.length);
                try (OutputStream os = exchange.getResponseBody()) {
                    os.write(out);
                }
            } catch (IOException clientGone) {
                // the caller timed out and closed the connection
            }
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

package io.corrigo.testsupport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real web server on 127.0.0.1 whose answers never end or are enormous, to show that a reader stops at its limit:
 *
 * <ul>
 *   <li>{@code /endless…}: an HTML body sent in chunks until the reader hangs up (no length declared);</li>
 *   <li>{@code /huge…}: a body that declares 2 GiB ({@code Content-Length: 2147483648}) and sends it all to a reader
 *   that keeps reading;</li>
 *   <li>{@code /search?…}: a SearXNG answer, {@code {"results":[…} that never closes;</li>
 *   <li>the S3 REST protocol, path style, for the bucket {@code big}: a listing of {@code endless.txt} and
 *   {@code huge.txt}, each said to hold 100 bytes, no tags, and objects that are the endless and the 2 GiB body;</li>
 *   <li>{@code /} a small page linking to {@code /endless}, {@code /huge} and {@code /fine}, a page of one paragraph;
 *   404 for everything else ({@code /robots.txt} and {@code /sitemap.xml} included).</li>
 * </ul>
 *
 * {@link #sent()} counts the body bytes written so far, all answers together: a reader that stops at its limit keeps
 * it near that limit, one that reads everything drives it into the gigabytes.
 */
public final class EndlessServer implements AutoCloseable {

    /** The length the huge answer declares: 2 GiB. */
    public static final long HUGE = 2L * 1024 * 1024 * 1024;

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread thread = new Thread(r, "endless-server");
        thread.setDaemon(true);
        return thread;
    });
    private final AtomicLong sent = new AtomicLong();
    private volatile boolean open = true;

    /** Starts listening on a free port of 127.0.0.1. */
    public EndlessServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::answer);
        server.setExecutor(threads);
        server.start();
    }

    /** {@code http://127.0.0.1:PORT}. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Body bytes written so far. */
    public long sent() {
        return sent.get();
    }

    private void answer(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getRawPath();
        String query = exchange.getRequestURI().getRawQuery() == null ? "" : exchange.getRequestURI().getRawQuery();
        try (exchange) {
            if (path.equals("/")) {
                small(exchange, "text/html; charset=utf-8", "<html><body><h1>Site</h1><p>Start.</p>"
                        + "<a href=\"/endless\">endless</a> <a href=\"/huge\">huge</a> <a href=\"/fine\">fine</a></body></html>");
            } else if (path.startsWith("/big/") && query.contains("tagging")) {
                small(exchange, "application/xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                        + "<Tagging xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><TagSet></TagSet></Tagging>");
            } else if (path.equals("/fine")) {
                small(exchange, "text/html; charset=utf-8", "<html><body><h1>Fine</h1>"
                        + "<p>The visitor car park opens at 7 o'clock every weekday.</p></body></html>");
            } else if (path.startsWith("/endless") || path.equals("/big/endless.txt")) {
                endless(exchange, path.endsWith(".txt") ? "text/plain" : "text/html", "<p>It goes on and on. ", "");
            } else if (path.startsWith("/huge") || path.equals("/big/huge.txt")) {
                huge(exchange, path.endsWith(".txt") ? "text/plain" : "text/html");
            } else if (path.equals("/search")) {
                endless(exchange, "application/json",
                        "{\"url\":\"https://news.example/a\",\"title\":\"More\",\"content\":\"More and more.\"},",
                        "{\"results\":[");
            } else if ((path.equals("/big") || path.equals("/big/")) && query.contains("list-type=2")) {
                small(exchange, "application/xml", listing());
            } else {
                exchange.sendResponseHeaders(404, -1);
            }
        } catch (IOException hungUp) {
            // the reader stopped: what this server is here to show
        }
    }

    private static String listing() {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                + "<ListBucketResult xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Name>big</Name><Prefix></Prefix>"
                + "<KeyCount>2</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>");
        for (String key : new String[] {"endless.txt", "huge.txt"}) {
            xml.append("<Contents><Key>").append(key).append("</Key><LastModified>2026-11-01T00:00:00.000Z</LastModified>")
                    .append("<ETag>&quot;").append(Integer.toHexString(key.hashCode())).append("-1&quot;</ETag>")
                    .append("<Size>100</Size><StorageClass>STANDARD</StorageClass></Contents>");
        }
        return xml.append("</ListBucketResult>").toString();
    }

    private void small(HttpExchange exchange, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(200, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private void endless(HttpExchange exchange, String type, String piece, String head) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(200, 0); // chunked: no end declared
        OutputStream out = exchange.getResponseBody();
        byte[] first = head.getBytes(StandardCharsets.UTF_8);
        out.write(first);
        sent.addAndGet(first.length);
        byte[] chunk = piece.repeat(Math.max(1, 16 * 1024 / piece.length())).getBytes(StandardCharsets.UTF_8);
        while (open) {
            out.write(chunk);
            sent.addAndGet(chunk.length);
        }
    }

    private void huge(HttpExchange exchange, String type) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(200, HUGE);
        OutputStream out = exchange.getResponseBody();
        byte[] chunk = new byte[64 * 1024];
        Arrays.fill(chunk, (byte) 'a');
        for (long left = HUGE; left > 0 && open; left -= chunk.length) {
            out.write(chunk, 0, (int) Math.min(chunk.length, left));
            sent.addAndGet(Math.min(chunk.length, left));
        }
    }

    @Override
    public void close() {
        open = false;
        server.stop(0);
        threads.shutdownNow();
    }
}

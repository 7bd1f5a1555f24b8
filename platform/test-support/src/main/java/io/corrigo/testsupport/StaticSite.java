package io.corrigo.testsupport;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A real web server on 127.0.0.1 serving a site held in memory, the way a static site is served: each page with an
 * {@code ETag} (its content's hash), {@code 304 Not Modified} to a matching {@code If-None-Match}, 404 for what is not
 * there, {@code /robots.txt} and {@code /sitemap.xml} when put. It records each request (path and status) so a test
 * can count what a crawler downloaded.
 */
public final class StaticSite implements AutoCloseable {

    /** One request as answered. */
    public record Hit(String path, int status) {
    }

    private final HttpServer server;
    private final Map<String, String> pages = new ConcurrentHashMap<>();
    private final Map<String, String> types = new ConcurrentHashMap<>();
    /** Every request so far, oldest first. */
    public final List<Hit> hits = new CopyOnWriteArrayList<>();

    /** Starts listening on a free port of 127.0.0.1. */
    public StaticSite() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getRawPath()
                    + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
            String body = pages.get(path);
            int status;
            byte[] out = new byte[0];
            if (body == null) {
                status = 404;
                out = "not found".getBytes(StandardCharsets.UTF_8);
            } else {
                String etag = "\"" + Integer.toHexString(body.hashCode()) + "-" + body.length() + "\"";
                exchange.getResponseHeaders().add("ETag", etag);
                if (etag.equals(exchange.getRequestHeaders().getFirst("If-None-Match"))) {
                    status = 304;
                } else {
                    status = 200;
                    out = body.getBytes(StandardCharsets.UTF_8);
                    exchange.getResponseHeaders().add("Content-Type", types.getOrDefault(path, "text/html; charset=utf-8"));
                }
            }
            hits.add(new Hit(path, status));
            exchange.sendResponseHeaders(status, status == 304 ? -1 : out.length);
            try (OutputStream os = exchange.getResponseBody()) {
                os.write(out);
            }
        });
        server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
        server.start();
    }

    /** Serves {@code body} as HTML at {@code path}. */
    public StaticSite page(String path, String body) {
        pages.put(path, body);
        return this;
    }

    /** Serves {@code body} with {@code contentType} at {@code path}. */
    public StaticSite file(String path, String contentType, String body) {
        pages.put(path, body);
        types.put(path, contentType);
        return this;
    }

    /** Stops serving {@code path} (404 from now on). */
    public StaticSite remove(String path) {
        pages.remove(path);
        return this;
    }

    /** A simple HTML page with a title, a paragraph and links. */
    public static String html(String title, String text, String... links) {
        StringBuilder html = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><title>").append(title)
                .append("</title></head><body><h1>").append(title).append("</h1><p>").append(text).append("</p><ul>");
        for (String link : links) {
            html.append("<li><a href=\"").append(link).append("\">").append(link).append("</a></li>");
        }
        return html.append("</ul></body></html>").toString();
    }

    /** How many requests for pages were answered with content (200), robots.txt and sitemaps left out. */
    public long downloads() {
        return hits.stream().filter(h -> h.status() == 200 && !h.path().equals("/robots.txt")
                && !h.path().endsWith(".xml")).count();
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

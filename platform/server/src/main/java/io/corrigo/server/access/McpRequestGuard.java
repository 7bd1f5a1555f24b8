package io.corrigo.server.access;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * What reaches the MCP server and what leaves it: a request body must be one JSON-RPC 2.0 request or notification of at
 * most {@link #MAX_BODY} bytes whose {@code params} have the shape its method needs, else it is answered here with a
 * JSON-RPC error and HTTP 400 (413 when too large) instead of the SDK's HTTP 500; and an error the SDK answers with is
 * rewritten to a plain JSON-RPC error, without the serialised exception and its stack trace it would send.
 */
final class McpRequestGuard extends OncePerRequestFilter {

    /** The largest request body accepted. */
    static final int MAX_BODY = 1024 * 1024;
    /** JSON-RPC's codes. */
    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL_ERROR = -32603;

    private static final Set<String> NEEDS_PARAMS = Set.of("tools/call", "resources/read", "initialize",
            "completion/complete", "prompts/get", "logging/setLevel");

    private final ObjectMapper json;

    McpRequestGuard(ObjectMapper json) {
        this.json = json;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !request.getRequestURI().equals(McpEndpoint.PATH);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!"POST".equals(request.getMethod())) {
            ContentCachingResponseWrapper kept = new ContentCachingResponseWrapper(response);
            chain.doFilter(request, kept);
            clean(kept, null);
            return;
        }
        byte[] body = request.getInputStream().readNBytes(MAX_BODY + 1);
        if (body.length > MAX_BODY) {
            error(response, 413, null, INVALID_REQUEST, "The request is larger than " + MAX_BODY / 1024 + " KiB.");
            return;
        }
        JsonNode message;
        try {
            message = json.readTree(body);
        } catch (IOException e) {
            error(response, 400, null, PARSE_ERROR, "The body is not JSON.");
            return;
        }
        JsonNode id = message != null && message.isObject() && isId(message.get("id")) ? message.get("id") : null;
        String problem = problem(message);
        if (problem != null) {
            int code = problem.startsWith("params") ? INVALID_PARAMS : INVALID_REQUEST;
            error(response, 400, id, code, "Not a valid MCP request: " + problem + ".");
            return;
        }
        ContentCachingResponseWrapper kept = new ContentCachingResponseWrapper(response);
        chain.doFilter(new Replayed(request, body), kept);
        clean(kept, id);
    }

    /** Why {@code message} is no request the server can take, or {@code null}. */
    static String problem(JsonNode message) {
        if (message == null || !message.isObject()) {
            return "one JSON-RPC request object is expected (no batches)";
        }
        if (!"2.0".equals(message.path("jsonrpc").asText(null))) {
            return "jsonrpc must be \"2.0\"";
        }
        JsonNode id = message.get("id");
        if (id != null && !isId(id)) {
            return "id must be a string or an integer";
        }
        JsonNode method = message.get("method");
        if (method == null) {
            return message.has("result") || message.has("error") ? null : "a method is needed";
        }
        if (!method.isTextual() || method.asText().isBlank()) {
            return "method must be a name";
        }
        JsonNode params = message.get("params");
        if (params != null && !params.isNull() && !params.isObject()) {
            return "params must be an object";
        }
        boolean hasParams = params != null && params.isObject();
        String name = method.asText();
        if (NEEDS_PARAMS.contains(name) && !hasParams) {
            return "params are needed for " + name;
        }
        if (name.equals("tools/call")) {
            if (!params.path("name").isTextual()) {
                return "params.name must name a tool";
            }
            JsonNode arguments = params.get("arguments");
            if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
                return "params.arguments must be an object";
            }
        }
        if (name.equals("resources/read") && !params.path("uri").isTextual()) {
            return "params.uri must be a string";
        }
        if (name.equals("initialize") && (!params.path("protocolVersion").isTextual()
                || (params.has("capabilities") && !params.get("capabilities").isObject())
                || (params.has("clientInfo") && !params.get("clientInfo").isObject()))) {
            return "params.protocolVersion must be a string, capabilities and clientInfo objects";
        }
        if (name.equals("logging/setLevel") && !params.path("level").isTextual()) {
            return "params.level must be a string";
        }
        if (name.equals("completion/complete") && (!params.path("ref").isObject() || !params.path("argument").isObject())) {
            return "params.ref and params.argument must be objects";
        }
        if (name.equals("prompts/get") && !params.path("name").isTextual()) {
            return "params.name must name a prompt";
        }
        return null;
    }

    private static boolean isId(JsonNode id) {
        return id != null && (id.isTextual() || id.isIntegralNumber() && id.canConvertToLong());
    }

    /**
     * Sends what the SDK answered, except an error body that carries a serialised exception (a stack trace): that one
     * becomes a JSON-RPC error with its code and a message without Java in it.
     */
    private void clean(ContentCachingResponseWrapper kept, JsonNode id) throws IOException {
        byte[] sent = kept.getContentAsByteArray();
        String text = new String(sent, StandardCharsets.UTF_8);
        if (kept.getStatus() < 400 && !text.contains("\"stackTrace\"")) {
            kept.copyBodyToResponse();
            return;
        }
        int code = INTERNAL_ERROR;
        String said = null;
        try {
            JsonNode node = json.readTree(sent);
            JsonNode error = node == null ? null : node.has("jsonRpcError") ? node.get("jsonRpcError") : node.get("error");
            if (error != null && error.isObject()) {
                code = error.path("code").asInt(INTERNAL_ERROR);
                said = error.path("message").asText(null);
            }
        } catch (IOException notJson) {
            // not JSON: said in words below
        }
        if (!text.contains("\"stackTrace\"") && said == null && kept.getStatus() < 500) {
            kept.copyBodyToResponse();
            return;
        }
        int status = kept.getStatus() >= 500 ? 400 : kept.getStatus();
        kept.resetBuffer();
        HttpServletResponse response = (HttpServletResponse) kept.getResponse();
        error(response, status, id, code == INTERNAL_ERROR ? INVALID_PARAMS : code, plain(said));
    }

    /** An error message with nothing of the implementation: a Java detail becomes a plain sentence. */
    static String plain(String message) {
        if (message == null || message.isBlank()) {
            return "The request could not be handled.";
        }
        boolean java = message.contains("Cannot invoke") || message.contains("because \"") || message.matches(
                "(?s).*\\b(java|jakarta|io\\.modelcontextprotocol|com\\.fasterxml)\\.[\\w.$]+.*")
                || message.contains("Exception") || message.contains("Cannot deserialize");
        if (java) {
            return "The request's params are missing or malformed for this method.";
        }
        return message.length() > 500 ? message.substring(0, 500) + "…" : message;
    }

    private void error(HttpServletResponse response, int status, JsonNode id, int code, String message) throws IOException {
        ObjectNode reply = json.createObjectNode().put("jsonrpc", "2.0");
        reply.set("id", id == null ? json.nullNode() : id);
        reply.putObject("error").put("code", code).put("message", message);
        byte[] bytes = json.writeValueAsBytes(reply);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
        response.flushBuffer();
    }

    /** The request with its body read once here and read again by the server. */
    private static final class Replayed extends HttpServletRequestWrapper {
        private final byte[] body;

        Replayed(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("read synchronously");
                }

                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            return new BufferedReader(new InputStreamReader(getInputStream(), StandardCharsets.UTF_8));
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }
}

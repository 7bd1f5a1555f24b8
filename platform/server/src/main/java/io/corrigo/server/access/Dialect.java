package io.corrigo.server.access;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.server.web.ErrorResponses;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.MediaType;

/**
 * The error format a key-holding caller reads: Corrigo's own (the widget), OpenAI's ({@code /v1/chat/completions},
 * {@code /v1/models}) or Dify's External Knowledge API ({@code /v1/retrieval}). Each controller writes its own errors
 * in it; {@link KeyAccessFilter} writes its refusals through {@link #refuse}.
 */
enum Dialect {
    WIDGET, OPENAI, DIFY;

    /** Why a key was refused. */
    enum Refusal {
        MALFORMED_AUTHORIZATION, INVALID_KEY, ORIGIN_NOT_ALLOWED, RATE_LIMITED
    }

    static Dialect of(String uri) {
        if (uri.startsWith("/public/")) {
            return WIDGET;
        }
        return uri.equals("/v1/retrieval") || uri.startsWith("/v1/retrieval/") ? DIFY : OPENAI;
    }

    void refuse(ObjectMapper json, HttpServletResponse response, Refusal refusal, String message) throws IOException {
        switch (this) {
            case WIDGET -> ErrorResponses.write(json, response, switch (refusal) {
                case MALFORMED_AUTHORIZATION, INVALID_KEY -> 401;
                case ORIGIN_NOT_ALLOWED -> 403;
                case RATE_LIMITED -> 429;
            }, switch (refusal) {
                case MALFORMED_AUTHORIZATION, INVALID_KEY -> io.corrigo.server.problem.ErrorCode.INVALID_KEY;
                case ORIGIN_NOT_ALLOWED -> io.corrigo.server.problem.ErrorCode.ORIGIN_NOT_ALLOWED;
                case RATE_LIMITED -> io.corrigo.server.problem.ErrorCode.RATE_LIMITED;
            }, message);
            case OPENAI -> write(json, response, refusal == Refusal.RATE_LIMITED ? 429 : 401, openAi(message,
                    refusal == Refusal.RATE_LIMITED ? "rate_limit_exceeded" : "invalid_request_error",
                    refusal == Refusal.RATE_LIMITED ? "rate_limit_exceeded" : "invalid_api_key"));
            case DIFY -> write(json, response, refusal == Refusal.RATE_LIMITED ? 429 : 403, dify(switch (refusal) {
                case MALFORMED_AUTHORIZATION -> 1001;
                case RATE_LIMITED -> 429;
                default -> 1002;
            }, message));
        }
    }

    /** OpenAI's error body: {@code {"error": {message, type, param, code}}}. */
    static Map<String, Object> openAi(String message, String type, String code) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("message", message);
        error.put("type", type);
        error.put("param", null);
        error.put("code", code);
        return Map.of("error", error);
    }

    /** Dify's error body: {@code {error_code, error_msg}}. */
    static Map<String, Object> dify(int code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("error_code", code);
        error.put("error_msg", message);
        return error;
    }

    private static void write(ObjectMapper json, HttpServletResponse response, int status, Object body) throws IOException {
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        json.writeValue(response.getOutputStream(), body);
    }
}

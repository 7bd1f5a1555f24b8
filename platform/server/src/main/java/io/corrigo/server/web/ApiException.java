package io.corrigo.server.web;

import java.util.List;
import org.springframework.http.HttpStatus;

/** An error with its HTTP status and stable code; thrown by services, rendered by {@link ApiExceptionHandler}. */
public class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final String code;
    private final List<String> details;

    public ApiException(HttpStatus status, String code, String message, List<String> details) {
        super(message);
        this.status = status;
        this.code = code;
        this.details = List.copyOf(details);
    }

    public static ApiException notFound(String code, String message) {
        return new ApiException(HttpStatus.NOT_FOUND, code, message, List.of());
    }

    public static ApiException badRequest(String code, String message, List<String> details) {
        return new ApiException(HttpStatus.BAD_REQUEST, code, message, details);
    }

    public static ApiException badRequest(String code, String message) {
        return badRequest(code, message, List.of());
    }

    public HttpStatus status() {
        return status;
    }

    public String code() {
        return code;
    }

    public List<String> details() {
        return details;
    }
}

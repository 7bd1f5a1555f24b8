package io.corrigo.server.problem;

import java.util.List;
import java.util.Objects;

/**
 * Why a service refused a request, in the host's own terms: what kind of refusal, a stable code and a message for
 * people, with one line per problem when there are several. Services throw it and know nothing of HTTP; the REST
 * edge maps each {@link Kind} to a status once ({@code ApiExceptionHandler}), the admin UI shows the message once
 * (its error handler).
 */
public class ServiceException extends RuntimeException {

    /** What kind of refusal; the REST API answers 400, 403, 404 and 409. */
    public enum Kind {
        /** The request is invalid: a bad value, a refused upload. */
        INVALID,
        /** The caller may not do this. */
        FORBIDDEN,
        /** No such thing, or one the caller may not see (reported alike). */
        NOT_FOUND,
        /** The request clashes with the current state: a taken name, a plugin that will not start. */
        CONFLICT,
        /** A limit is spent for now (a tenant's monthly budget): try again later. */
        EXHAUSTED
    }

    private final Kind kind;
    private final ErrorCode code;
    private final List<String> details;

    public ServiceException(Kind kind, ErrorCode code, String message, List<String> details) {
        super(message);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.code = Objects.requireNonNull(code, "code");
        this.details = List.copyOf(details);
    }

    public static ServiceException invalid(ErrorCode code, String message, List<String> details) {
        return new ServiceException(Kind.INVALID, code, message, details);
    }

    public static ServiceException invalid(ErrorCode code, String message) {
        return invalid(code, message, List.of());
    }

    public static ServiceException notFound(ErrorCode code, String message) {
        return new ServiceException(Kind.NOT_FOUND, code, message, List.of());
    }

    public static ServiceException conflict(ErrorCode code, String message) {
        return new ServiceException(Kind.CONFLICT, code, message, List.of());
    }

    public static ServiceException forbidden(ErrorCode code, String message) {
        return new ServiceException(Kind.FORBIDDEN, code, message, List.of());
    }

    public Kind kind() {
        return kind;
    }

    /** The code as written on the wire. */
    public String code() {
        return code.code();
    }

    /** The code. */
    public ErrorCode errorCode() {
        return code;
    }

    /** Whether this refusal is {@code expected}. */
    public boolean is(ErrorCode expected) {
        return expected == code;
    }

    public List<String> details() {
        return details;
    }

    /** The message with its details, as one line for people. */
    public String describe() {
        return details.isEmpty() ? getMessage() : getMessage() + " " + String.join("; ", details);
    }
}

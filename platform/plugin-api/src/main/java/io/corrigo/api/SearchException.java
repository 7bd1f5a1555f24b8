package io.corrigo.api;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How a {@link SearchProvider} reports a failure so the host can react to it: retry a transient one (within the
 * time budget), respect a provider's quota after a rate limit, and never retry a permanent one.
 *
 * <p>Throw it for failures you can classify; any other exception counts as {@link Kind#PERMANENT}. Do not retry
 * inside the plugin: the host's retry, timeout and circuit breaker wrap every call.
 */
public class SearchException extends RuntimeException {

    /** What kind of failure. */
    public enum Kind {
        /** Worth retrying: HTTP 5xx, connection reset or refused, a timeout of the provider itself. */
        TRANSIENT,
        /** The provider's quota is exhausted (HTTP 429): wait {@link #retryAfter()} before calling again. */
        RATE_LIMITED,
        /** Retrying will not help: bad credentials, a malformed request or answer, a missing configuration. */
        PERMANENT
    }

    private final Kind kind;
    private final Integer httpStatus;
    private final Duration retryAfter;

    /**
     * @param kind       the kind of failure
     * @param message    what happened, for the trace (never include API keys)
     * @param httpStatus the HTTP status, or {@code null}
     * @param retryAfter for {@link Kind#RATE_LIMITED}: how long the provider asked to wait, or {@code null}
     * @param cause      the underlying exception, or {@code null}
     */
    public SearchException(Kind kind, String message, Integer httpStatus, Duration retryAfter, Throwable cause) {
        super(message, cause);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.httpStatus = httpStatus;
        this.retryAfter = retryAfter;
    }

    public static SearchException transientFailure(String message, Integer httpStatus, Throwable cause) {
        return new SearchException(Kind.TRANSIENT, message, httpStatus, null, cause);
    }

    public static SearchException rateLimited(String message, Duration retryAfter) {
        return new SearchException(Kind.RATE_LIMITED, message, 429, retryAfter, null);
    }

    public static SearchException permanent(String message, Integer httpStatus, Throwable cause) {
        return new SearchException(Kind.PERMANENT, message, httpStatus, null, cause);
    }

    public Kind kind() {
        return kind;
    }

    public Optional<Integer> httpStatus() {
        return Optional.ofNullable(httpStatus);
    }

    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}

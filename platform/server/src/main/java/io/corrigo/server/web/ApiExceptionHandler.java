package io.corrigo.server.web;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.JsonProblems;
import io.corrigo.server.problem.ServiceException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/** Renders every error of the REST API as an {@link ApiError}; services' refusals are mapped to HTTP here only. */
@RestControllerAdvice
public class ApiExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    /** A service's refusal: the one place a {@link ServiceException.Kind} becomes an HTTP status. */
    @ExceptionHandler(ServiceException.class)
    ResponseEntity<ApiError> refused(ServiceException e) {
        return error(status(e.kind()), e.errorCode(), e.getMessage(), e.details());
    }

    /** The HTTP status of a service's refusal, for the REST API and the OpenAI-compatible error shape alike. */
    public static HttpStatus status(ServiceException.Kind kind) {
        return switch (kind) {
            case INVALID -> HttpStatus.BAD_REQUEST;
            case FORBIDDEN -> HttpStatus.FORBIDDEN;
            case NOT_FOUND -> HttpStatus.NOT_FOUND;
            case CONFLICT -> HttpStatus.CONFLICT;
            case EXHAUSTED -> HttpStatus.TOO_MANY_REQUESTS;
        };
    }

    @ExceptionHandler(MethodArgumentNotValidException.class)
    ResponseEntity<ApiError> invalid(MethodArgumentNotValidException e) {
        List<String> details = e.getBindingResult().getFieldErrors().stream()
                .map(f -> f.getField() + ": " + f.getDefaultMessage()).toList();
        return error(HttpStatus.BAD_REQUEST, ErrorCode.INVALID_REQUEST, "The request has invalid fields.", details);
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ApiError> unreadable(HttpMessageNotReadableException e) {
        // a value record that refused its arguments (e.g. lowerThreshold above upperThreshold) says why: pass it on
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause.getClass() == IllegalArgumentException.class && cause.getMessage() != null) {
                return error(HttpStatus.BAD_REQUEST, ErrorCode.INVALID_REQUEST, "The request has invalid values.",
                        List.of(cause.getMessage().split("; ")));
            }
        }
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof com.fasterxml.jackson.core.JsonProcessingException json) {
                return error(HttpStatus.BAD_REQUEST, ErrorCode.UNREADABLE_BODY, "The request body is not valid JSON of the expected shape.",
                        List.of(JsonProblems.describe(json)));
            }
        }
        return error(HttpStatus.BAD_REQUEST, ErrorCode.UNREADABLE_BODY, "The request body is not valid JSON of the expected shape.", List.of());
    }

    @ExceptionHandler({MissingServletRequestPartException.class, MissingServletRequestParameterException.class})
    ResponseEntity<ApiError> missingPart(Exception e) {
        return error(HttpStatus.BAD_REQUEST, ErrorCode.MISSING_PART, e.getMessage(), List.of());
    }

    @ExceptionHandler(MaxUploadSizeExceededException.class)
    ResponseEntity<ApiError> tooLarge(MaxUploadSizeExceededException e) {
        return error(HttpStatus.PAYLOAD_TOO_LARGE, ErrorCode.UPLOAD_TOO_LARGE, "The upload exceeds the size limit.", List.of());
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ApiError> mediaType(HttpMediaTypeNotSupportedException e) {
        return error(HttpStatus.UNSUPPORTED_MEDIA_TYPE, ErrorCode.UNSUPPORTED_MEDIA_TYPE, e.getMessage(), List.of());
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ApiError> method(HttpRequestMethodNotSupportedException e) {
        return error(HttpStatus.METHOD_NOT_ALLOWED, ErrorCode.METHOD_NOT_ALLOWED, e.getMessage(), List.of());
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<ApiError> noResource(NoResourceFoundException e) {
        return error(HttpStatus.NOT_FOUND, ErrorCode.NOT_FOUND, "No such endpoint: /" + e.getResourcePath(), List.of());
    }

    /** A query or path value of the wrong type ({@code page=abc}): names the parameter and the type it needs. */
    @ExceptionHandler(org.springframework.web.method.annotation.MethodArgumentTypeMismatchException.class)
    ResponseEntity<ApiError> typeMismatch(org.springframework.web.method.annotation.MethodArgumentTypeMismatchException e) {
        String type = e.getRequiredType() == null ? "another type" : e.getRequiredType().getSimpleName();
        return error(HttpStatus.BAD_REQUEST, ErrorCode.INVALID_PARAMETER, "'" + e.getName() + "' must be " + type + ".",
                List.of(e.getName() + ": must be " + type));
    }

    /** A multipart body that cannot be parsed (no boundary, truncated, broken headers), or none where one is needed. */
    @ExceptionHandler(org.springframework.web.multipart.MultipartException.class)
    ResponseEntity<ApiError> multipart(org.springframework.web.multipart.MultipartException e) {
        return error(HttpStatus.BAD_REQUEST, ErrorCode.INVALID_MULTIPART, "The request is not a readable multipart/form-data "
                + "upload: send the file in a part named 'file', with the boundary in the Content-Type.", List.of());
    }

    /** A Content-Type the server cannot even parse or that is a wildcard ({@code *}/{@code *}): say what to send. */
    @ExceptionHandler({org.springframework.util.InvalidMimeTypeException.class,
            org.springframework.http.InvalidMediaTypeException.class,
            org.springframework.web.HttpMediaTypeNotAcceptableException.class})
    ResponseEntity<ApiError> badMediaType(Exception e) {
        return error(HttpStatus.UNSUPPORTED_MEDIA_TYPE, ErrorCode.UNSUPPORTED_MEDIA_TYPE, "The Content-Type or Accept header is "
                + "not usable: send application/json (or multipart/form-data for uploads).", List.of());
    }

    /** What Spring Security's firewall refuses (a parameter name with control characters, an encoded slash …). */
    @ExceptionHandler(org.springframework.security.web.firewall.RequestRejectedException.class)
    ResponseEntity<ApiError> rejected(org.springframework.security.web.firewall.RequestRejectedException e) {
        return error(HttpStatus.BAD_REQUEST, ErrorCode.REQUEST_REJECTED, e.getMessage(), List.of());
    }

    /**
     * Spring asserts on a wildcard Content-Type only when it reads the body, as an {@link IllegalArgumentException};
     * that one is the caller's error. Any other is ours.
     */
    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<ApiError> illegalArgument(IllegalArgumentException e) {
        if (e.getMessage() != null && e.getMessage().startsWith("Content-Type cannot contain wildcard")) {
            return badMediaType(e);
        }
        return unexpected(e);
    }

    /** Two changes of the same thing at once that the database refused to both keep: the caller may retry. */
    @ExceptionHandler({org.springframework.dao.DataIntegrityViolationException.class,
            org.springframework.dao.PessimisticLockingFailureException.class,
            org.springframework.orm.ObjectOptimisticLockingFailureException.class})
    ResponseEntity<ApiError> conflict(Exception e) {
        log.info("Refused a concurrent change: {}", e.getMessage());
        return error(HttpStatus.CONFLICT, ErrorCode.CONFLICT, "Another change of the same resource happened at the same time; "
                + "read it again and retry.", List.of());
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ApiError> unexpected(Exception e) {
        log.error("Unexpected error", e);
        return error(HttpStatus.INTERNAL_SERVER_ERROR, ErrorCode.INTERNAL_ERROR,
                "Something went wrong on our side; the error has been logged.", List.of());
    }

    /**
     * An error as JSON whatever the request's {@code Accept} said: a client asking for HTML or an event stream still
     * gets the status and the reason (negotiated, such an error could not be written and became a 500).
     */
    private static ResponseEntity<ApiError> error(HttpStatus status, ErrorCode code, String message, List<String> details) {
        return ResponseEntity.status(status).contentType(org.springframework.http.MediaType.APPLICATION_JSON)
                .body(new ApiError(code.code(), message, details));
    }
}

package io.corrigo.server.web;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.ServiceException;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/** Query parameters the REST endpoints share, parsed with one error for each kind of mistake. */
public final class QueryParameters {

    private QueryParameters() {
    }

    /**
     * {@code value} as an ISO-8601 instant; null when absent or blank.
     *
     * @throws ServiceException 400 {@code invalid_window} naming the parameter
     */
    public static Instant instant(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Instant.parse(value.strip());
        } catch (DateTimeParseException e) {
            throw ServiceException.invalid(ErrorCode.INVALID_WINDOW, "'" + name + "' is an ISO-8601 instant such as "
                    + "2026-11-25T00:00:00Z, not '" + value + "'.");
        }
    }
}

package io.corrigo.server.web;

import java.util.List;

/**
 * The body of every 4xx and 5xx answer.
 *
 * @param code    a stable machine-readable code, e.g. {@code tenant_not_found}
 * @param message what went wrong, for people
 * @param details one entry per problem (e.g. per invalid field), possibly empty
 */
public record ApiError(String code, String message, List<String> details) {
}

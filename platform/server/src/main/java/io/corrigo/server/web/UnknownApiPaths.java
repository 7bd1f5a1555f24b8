package io.corrigo.server.web;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.ServiceException;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;

/**
 * A path under the API's prefixes that no endpoint serves answers a JSON 404, not the admin UI's page (the UI answers
 * every other path, as a single-page application does). Every mapped endpoint is more specific than these patterns,
 * so it still wins.
 */
@RestController
class UnknownApiPaths {

    @RequestMapping(value = {"/api/**", "/v1/**", "/public/**"}, method = {RequestMethod.GET, RequestMethod.HEAD})
    void notFound(HttpServletRequest request) {
        throw ServiceException.notFound(ErrorCode.NOT_FOUND, "No endpoint at " + request.getMethod() + " " + request.getRequestURI()
                + "; the API is described at /v3/api-docs.");
    }
}

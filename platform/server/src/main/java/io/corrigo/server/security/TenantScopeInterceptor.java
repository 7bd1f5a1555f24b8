package io.corrigo.server.security;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;

/**
 * Checks the {@code {tenant}} of every {@code /api/v1/tenants/{tenant}/...} request against the signed-in admin's
 * reach before the controller runs: one place, so no endpoint can forget it.
 */
class TenantScopeInterceptor implements HandlerInterceptor {

    private final TenantAccess access;

    TenantScopeInterceptor(TenantAccess access) {
        this.access = access;
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (request.getAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE) instanceof Map<?, ?> variables
                && variables.get("tenant") instanceof String tenant) {
            access.require(tenant);
        }
        return true;
    }
}

package io.corrigo.server.audit;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Makes every request's client address ({@link HttpServletRequest#getRemoteAddr()}: the proxy's forwarded one when
 * {@code server.forward-headers-strategy} says so) known to the audit log for the request's duration. Ordered first,
 * before the security filters, so that sign-ins are recorded with it too.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class ClientAddressFilter extends OncePerRequestFilter {

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        ClientAddress.set(request.getRemoteAddr());
        try {
            chain.doFilter(request, response);
        } finally {
            ClientAddress.set(null);
        }
    }
}

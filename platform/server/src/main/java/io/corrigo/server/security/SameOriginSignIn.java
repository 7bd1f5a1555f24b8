package io.corrigo.server.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a sign-in form post from another site (login CSRF: a page elsewhere signing the visitor into an account of
 * the attacker's choosing). Browsers send {@code Origin} with every cross-site form post (else {@code Referer}); a
 * post to {@code /login} whose origin is not this host's is answered 403 before any password is checked.
 */
public class SameOriginSignIn extends OncePerRequestFilter {

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (SignInThrottleFilter.isSignInForm(request) && !sameOrigin(request)) {
            // written here, not sendError: an error dispatch would go through sign-in again
            response.setStatus(HttpServletResponse.SC_FORBIDDEN);
            response.setContentType("text/plain;charset=UTF-8");
            response.getWriter().write("Sign in from this host's own sign-in page.");
            return;
        }
        chain.doFilter(request, response);
    }

    private static boolean sameOrigin(HttpServletRequest request) {
        String origin = request.getHeader("Origin");
        if (origin == null || origin.isBlank()) {
            origin = request.getHeader("Referer");
        }
        if (origin == null || origin.isBlank()) {
            return true; // not a browser's cross-site post: nothing to forge
        }
        try {
            URI from = URI.create(origin.strip());
            int port = from.getPort() != -1 ? from.getPort() : "https".equalsIgnoreCase(from.getScheme()) ? 443 : 80;
            return from.getHost() != null && from.getHost().equalsIgnoreCase(request.getServerName())
                    && port == request.getServerPort();
        } catch (IllegalArgumentException e) {
            return false; // "null" (an opaque origin) and garbage alike
        }
    }
}

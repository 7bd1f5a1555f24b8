package io.corrigo.server.security;

import io.corrigo.server.problem.ErrorCode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.server.web.ErrorResponses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Signs REST API requests in with an admin API token ({@code Authorization: Bearer crg_pat_…}): an unknown, revoked
 * or expired token is a 401, a request outside the token's scopes a 403 naming the scope it needs. Tokens are made
 * and revoked only by an admin signed in otherwise: a token cannot mint or revoke tokens.
 */
class BearerTokenFilter extends OncePerRequestFilter {

    static final String TOKENS_PATH = "/api/v1/tokens";

    private final AdminTokens tokens;
    private final ObjectMapper json;
    private final SecurityContextHolderStrategy contexts;

    /** @param contexts where the security filters of this chain read the signed-in admin from (Vaadin's, with the UI) */
    BearerTokenFilter(AdminTokens tokens, ObjectMapper json, SecurityContextHolderStrategy contexts) {
        this.tokens = tokens;
        this.json = json;
        this.contexts = contexts;
    }

    /** The authentication of a request's first dispatch, for its async dispatch (a streamed export's body). */
    private static final String AUTHENTICATED = BearerTokenFilter.class.getName() + ".authentication";

    /**
     * Runs on a streamed response's async dispatch too: without the token's authentication there, the export's body
     * was refused after its 200 had been sent, and the client got a truncated file.
     */
    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return false;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (isAsyncDispatch(request) && request.getAttribute(AUTHENTICATED) instanceof AdminTokens.TokenAuthentication kept) {
            authenticated(kept, request, response, chain);
            return;
        }
        String header = request.getHeader("Authorization");
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            chain.doFilter(request, response);
            return;
        }
        Optional<AdminTokens.TokenAuthentication> auth = tokens.authenticate(header.substring(7).trim());
        if (auth.isEmpty()) {
            response.setHeader("WWW-Authenticate", "Bearer realm=\"Corrigo\", error=\"invalid_token\"");
            ErrorResponses.write(json, response, HttpServletResponse.SC_UNAUTHORIZED, ErrorCode.INVALID_TOKEN,
                    "The API token is unknown, revoked or expired.");
            return;
        }
        String path = request.getRequestURI().substring(request.getContextPath().length());
        if (path.equals(TOKENS_PATH) || path.startsWith(TOKENS_PATH + "/")) {
            ErrorResponses.write(json, response, HttpServletResponse.SC_FORBIDDEN, ErrorCode.TOKEN_NOT_ALLOWED,
                    "API tokens are made and revoked by an admin signed in with a password or single sign-on, not with a token.");
            return;
        }
        TokenScope needed = TokenScope.requiredFor(request.getMethod(), path);
        if (!auth.get().has(needed)) {
            response.setHeader("WWW-Authenticate", "Bearer realm=\"Corrigo\", error=\"insufficient_scope\", scope=\""
                    + needed.label() + "\"");
            ErrorResponses.write(json, response, HttpServletResponse.SC_FORBIDDEN, ErrorCode.INSUFFICIENT_SCOPE,
                    "This token lacks the '" + needed.label() + "' scope this request needs.");
            return;
        }
        request.setAttribute(AUTHENTICATED, auth.get());
        authenticated(auth.get(), request, response, chain);
    }

    private void authenticated(AdminTokens.TokenAuthentication auth, HttpServletRequest request,
                               HttpServletResponse response, FilterChain chain) throws ServletException, IOException {
        SecurityContext context = contexts.createEmptyContext();
        context.setAuthentication(auth);
        contexts.setContext(context);
        try {
            chain.doFilter(request, response);
        } finally {
            contexts.clearContext();
        }
    }
}

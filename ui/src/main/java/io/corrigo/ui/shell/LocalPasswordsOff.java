package io.corrigo.ui.shell;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * With {@code corrigo.security.local-passwords=false}: the sign-in form's post is answered 403 before any password
 * is checked; admins sign in through single sign-on only.
 */
class LocalPasswordsOff extends OncePerRequestFilter {

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if ("POST".equals(request.getMethod()) && (request.getContextPath() + "/login").equals(request.getRequestURI())) {
            // written here, not with sendError: the error page is behind the sign-in and would turn this into a redirect
            response.setStatus(HttpServletResponse.SC_FORBIDDEN);
            response.setContentType("text/plain;charset=UTF-8");
            response.getWriter().write("Sign-in with a password is turned off on this host: use single sign-on.");
            return;
        }
        chain.doFilter(request, response);
    }
}

package io.corrigo.server.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Checks a signed-in session against the user as they are now, on every request: a user deleted or disabled, whose
 * password was changed, or whose role or tenants changed since sign-in, has the session ended there and then (the
 * admin UI goes back to its sign-in page). The REST API needs no such check: it authenticates every request.
 */
public class SessionRevalidation extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(SessionRevalidation.class);
    /** A digest of the password hash the session signed in with: a change of password ends other sessions. */
    static final String CREDENTIALS = SessionRevalidation.class.getName() + ".credentials";

    private final AdminUsers users;

    public SessionRevalidation(AdminUsers users) {
        this.users = users;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Authentication auth = SecurityContextHolder.getContext().getAuthentication();
        HttpSession session = request.getSession(false);
        if (session != null && auth != null && auth.isAuthenticated() && !(auth instanceof AnonymousAuthenticationToken)) {
            String reason = revoked(auth, session);
            if (reason != null) {
                log.info("Session of {} ended: {}", auth.getName(), reason);
                session.invalidate();
                SecurityContextHolder.clearContext();
            }
        }
        chain.doFilter(request, response);
    }

    /** Why the session may no longer act for its user, or {@code null}. */
    private String revoked(Authentication auth, HttpSession session) {
        UserDetails now;
        try {
            now = users.loadUserByUsername(auth.getName());
        } catch (UsernameNotFoundException e) {
            return "the user was deleted";
        }
        if (!now.isEnabled()) {
            return "the user was disabled";
        }
        String credentials = digest(now.getPassword());
        Object signedInWith = session.getAttribute(CREDENTIALS);
        if (signedInWith == null) {
            session.setAttribute(CREDENTIALS, credentials);
        } else if (!signedInWith.equals(credentials)) {
            return "the password was changed";
        }
        if (!authorities(auth.getAuthorities()).equals(authorities(now.getAuthorities()))) {
            return "the user's role or tenants changed";
        }
        return null;
    }

    private static Set<String> authorities(java.util.Collection<? extends GrantedAuthority> granted) {
        return granted.stream().map(GrantedAuthority::getAuthority).collect(Collectors.toSet());
    }

    private static String digest(String passwordHash) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(String.valueOf(passwordHash).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

package io.corrigo.server.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Puts {@link SignInThrottle} in front of password checks: HTTP Basic on the REST API and the admin UI's sign-in
 * form ({@code POST /login}). A locked attempt is answered at once, without a password check: the API with 429 and
 * {@code Retry-After}, the form by going back to the sign-in page with its error. A Basic attempt answered 401 or a
 * form sign-in sent back to {@code ?error} counts as a failure. Only a password that was really checked and held
 * counts as a success and clears the counters: a form sign-in redirected elsewhere than the error page, or a Basic
 * attempt not answered 401 in a chain that checks Basic passwords. A chain that does not check them (the admin UI's,
 * or the API's with Basic turned off) ignores the header: before, a Basic header sent to such a chain passed as a
 * success and reset the counters of any user name. A failure is counted the moment the answer is decided, before it
 * reaches the client: counted after the chain, the client could read the fifth 401 and try again before the lock
 * existed.
 */
public class SignInThrottleFilter extends OncePerRequestFilter {

    private final SignInThrottle throttle;
    private final boolean checksBasic;

    /**
     * @param checksBasic whether the chain this filter stands in checks HTTP Basic passwords; when not, only the sign-in
     *                    form is throttled
     */
    public SignInThrottleFilter(SignInThrottle throttle, boolean checksBasic) {
        this.throttle = throttle;
        this.checksBasic = checksBasic;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        boolean form = isSignInForm(request);
        String user = form ? request.getParameter("username")
                : checksBasic ? basicUser(request.getHeader("Authorization")) : null;
        if (user == null || user.isBlank()) {
            chain.doFilter(request, response);
            return;
        }
        String address = request.getRemoteAddr();
        Optional<Duration> locked = throttle.lockedFor(user, address);
        if (locked.isPresent()) {
            long seconds = Math.max(1, locked.get().toSeconds() + (locked.get().toMillisPart() > 0 ? 1 : 0));
            if (form) {
                response.sendRedirect(request.getContextPath() + "/login?error");
            } else {
                response.setStatus(429);
                response.setHeader("Retry-After", String.valueOf(seconds));
                response.setContentType("application/json");
                response.getWriter().write("{\"code\":\"too_many_sign_in_failures\",\"message\":\"Too many failed sign-ins: "
                        + "try again in " + seconds + " s.\",\"details\":[]}");
            }
            return;
        }
        FailureWatch watched = new FailureWatch(response, form, () -> throttle.failed(user, address));
        chain.doFilter(request, watched);
        if (!watched.failed) {
            String location = response.getHeader("Location");
            boolean failed = form ? String.valueOf(location).contains("error")
                    : response.getStatus() == HttpServletResponse.SC_UNAUTHORIZED;
            // the form: a password sign-in that held redirects onwards (a refused form, e.g. with passwords off, does
            // not); Basic in a chain that checks it: anything but 401 means the password held
            boolean checkedAndHeld = !failed && (!form || location != null && response.getStatus() / 100 == 3);
            if (failed) {
                throttle.failed(user, address);
            } else if (checkedAndHeld) {
                throttle.succeeded(user, address);
            }
        }
    }

    /** Counts a failure once, as soon as the response becomes a 401 (Basic) or a redirect to the error page (form). */
    private static final class FailureWatch extends HttpServletResponseWrapper {

        private final boolean form;
        private final Runnable onFailure;
        private boolean failed;

        FailureWatch(HttpServletResponse response, boolean form, Runnable onFailure) {
            super(response);
            this.form = form;
            this.onFailure = onFailure;
        }

        private void status(int status) {
            if (!form && status == SC_UNAUTHORIZED) {
                fail();
            }
        }

        private void fail() {
            if (!failed) {
                failed = true;
                onFailure.run();
            }
        }

        @Override
        public void setStatus(int sc) {
            status(sc);
            super.setStatus(sc);
        }

        @Override
        public void sendError(int sc) throws IOException {
            status(sc);
            super.sendError(sc);
        }

        @Override
        public void sendError(int sc, String msg) throws IOException {
            status(sc);
            super.sendError(sc, msg);
        }

        @Override
        public void sendRedirect(String location) throws IOException {
            if (form && location != null && location.contains("error")) {
                fail();
            }
            super.sendRedirect(location);
        }
    }

    /** Whether the request posts the admin UI's sign-in form ({@code POST /login}). */
    static boolean isSignInForm(HttpServletRequest request) {
        return "POST".equals(request.getMethod()) && (request.getContextPath() + "/login").equals(request.getRequestURI());
    }

    /** The user name of an HTTP Basic {@code Authorization} header, or {@code null}. */
    static String basicUser(String header) {
        if (header == null || header.length() < 6 || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
            return null;
        }
        try {
            String decoded = new String(Base64.getDecoder().decode(header.substring(6).trim()), StandardCharsets.UTF_8);
            int colon = decoded.indexOf(':');
            return colon < 0 ? null : decoded.substring(0, colon);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}

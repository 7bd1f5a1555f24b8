package io.corrigo.server.access;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.tenant.WidgetSettings;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The one guard of both key kinds, checked before anything else runs (a refused request learns nothing about the
 * tenant):
 * <ul>
 *   <li>{@code /public/v1/**} (the chat widget): a live publishable key ({@code ?key=} or the {@code X-Corrigo-Key}
 *       header) and an {@code Origin} the key allows (CORS answers only those);</li>
 *   <li>{@code /v1/**} (the OpenAI-compatible and the retrieval API, for a tenant's servers): a live secret key as
 *       {@code Authorization: Bearer sk_…}.</li>
 * </ul>
 * Both count against the tenant's rate limits, per key and, for the widget, per client IP (a question also against
 * the daily question limit). A refusal is written in the wire format its caller reads ({@link Dialect}); an
 * accepted request carries its {@link KeyView} in the {@link #KEY} attribute.
 */
@Component
public class KeyAccessFilter extends OncePerRequestFilter {

    /** Request attribute holding the caller's {@link KeyView}. */
    public static final String KEY = "corrigo.key";
    static final String HEADER = "X-Corrigo-Key";

    private final ApiKeys keys;
    private final RateLimits limits;
    private final TenantService tenants;
    private final ObjectMapper json;

    KeyAccessFilter(ApiKeys keys, RateLimits limits, TenantService tenants, ObjectMapper json) {
        this.keys = keys;
        this.limits = limits;
        this.tenants = tenants;
        this.json = json;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String uri = request.getRequestURI();
        return !uri.startsWith("/public/") && !uri.startsWith("/v1/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Dialect dialect = Dialect.of(request.getRequestURI());
        Optional<KeyView> key = dialect == Dialect.WIDGET ? publishable(request, response, dialect)
                : secret(request, response, dialect);
        if (key.isEmpty()) {
            return; // refused, or a CORS preflight answered
        }
        Optional<Duration> wait = throttle(key.get(), request, dialect == Dialect.WIDGET);
        if (wait.isPresent()) {
            long seconds = Math.max(1, (wait.get().toMillis() + 999) / 1000);
            response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
            response.setHeader("Access-Control-Expose-Headers", HttpHeaders.RETRY_AFTER);
            dialect.refuse(json, response, Dialect.Refusal.RATE_LIMITED, "Too many requests; try again in " + seconds + " s.");
            return;
        }
        request.setAttribute(KEY, key.get());
        chain.doFilter(request, response);
    }

    /** The widget's key and origin; a preflight is answered here (empty). */
    private Optional<KeyView> publishable(HttpServletRequest request, HttpServletResponse response, Dialect dialect)
            throws IOException {
        String value = Optional.ofNullable(request.getParameter("key")).orElse(request.getHeader(HEADER));
        Optional<KeyView> key = keys.authenticate(value).filter(k -> k.kind() == KeyKind.PUBLISHABLE);
        if (key.isEmpty()) {
            dialect.refuse(json, response, Dialect.Refusal.INVALID_KEY, "A live publishable key is required (?key=pk_…).");
            return Optional.empty();
        }
        String origin = request.getHeader("Origin");
        if (!key.get().allows(origin)) {
            if (origin != null && "GET".equals(request.getMethod()) && request.getRequestURI().equals("/public/v1/widget")) {
                // the widget's script may read why it is refused (and tell the site's developer): the refusal only
                response.setHeader("Access-Control-Allow-Origin", origin);
                response.addHeader("Vary", "Origin");
            }
            dialect.refuse(json, response, Dialect.Refusal.ORIGIN_NOT_ALLOWED, origin == null
                    ? "This key is for web pages: the request must come from one of its allowed origins."
                    : "The origin " + origin + " may not use this key; it is allowed on "
                    + (key.get().allowedOrigins().isEmpty() ? "no origin" : String.join(", ", key.get().allowedOrigins())) + ".");
            return Optional.empty();
        }
        response.setHeader("Access-Control-Allow-Origin", origin);
        response.addHeader("Vary", "Origin");
        if ("OPTIONS".equals(request.getMethod())) {
            response.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
            response.setHeader("Access-Control-Allow-Headers", "Content-Type, Accept, " + HEADER);
            response.setHeader("Access-Control-Max-Age", "600");
            response.setStatus(204);
            return Optional.empty();
        }
        return key;
    }

    /** A server-side client's secret key from its Bearer header. */
    private Optional<KeyView> secret(HttpServletRequest request, HttpServletResponse response, Dialect dialect)
            throws IOException {
        String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
        boolean bearer = authorization != null && authorization.startsWith("Bearer ") && !authorization.substring(7).isBlank();
        if (!bearer) {
            dialect.refuse(json, response, Dialect.Refusal.MALFORMED_AUTHORIZATION,
                    "Invalid Authorization header format. Expected 'Bearer <api-key>' with a tenant's secret key (sk_…).");
            return Optional.empty();
        }
        Optional<KeyView> key = keys.authenticate(authorization.substring(7).trim()).filter(k -> k.kind() == KeyKind.SECRET);
        if (key.isEmpty()) {
            dialect.refuse(json, response, Dialect.Refusal.INVALID_KEY,
                    "Incorrect API key: use a live secret key (sk_…) of the tenant as the Bearer token.");
        }
        return key;
    }

    /** Counts the request against the tenant's limits: per key, and for the widget per client IP as well. */
    private Optional<Duration> throttle(KeyView key, HttpServletRequest request, boolean widget) {
        WidgetSettings settings = tenants.widget(key.tenant());
        boolean question = widget ? request.getRequestURI().endsWith("/ask") : "POST".equals(request.getMethod());
        Optional<Duration> wait = limits.acquire("key:" + key.id(), settings, question);
        if (wait.isPresent() || !widget) {
            return wait;
        }
        return limits.acquire("ip:" + key.tenant() + ":" + request.getRemoteAddr(), settings, question);
    }
}

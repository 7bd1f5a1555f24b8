package io.corrigo.server.access;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.tenant.WidgetSettings;
import io.corrigo.server.web.ErrorResponses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Guards {@code /public/v1/**} (the chat widget's endpoints): a live publishable key ({@code ?key=} or the
 * {@code X-Corrigo-Key} header), an {@code Origin} the key allows (CORS answers only those), and the tenant's rate
 * limits per key and per client IP (429 with {@code Retry-After}). Checked before anything else runs, so a
 * refused request learns nothing about the tenant.
 */
@Component
public class PublicAccessFilter extends OncePerRequestFilter {

    /** Request attribute holding the caller's {@link KeyView}. */
    public static final String KEY = "corrigo.key";
    static final String HEADER = "X-Corrigo-Key";

    private final ApiKeys keys;
    private final RateLimits limits;
    private final TenantService tenants;
    private final ObjectMapper json;

    PublicAccessFilter(ApiKeys keys, RateLimits limits, TenantService tenants, ObjectMapper json) {
        this.keys = keys;
        this.limits = limits;
        this.tenants = tenants;
        this.json = json;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !request.getRequestURI().startsWith("/public/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String value = Optional.ofNullable(request.getParameter("key")).orElse(request.getHeader(HEADER));
        Optional<KeyView> key = keys.authenticate(value);
        if (key.isEmpty() || key.get().kind() != KeyKind.PUBLISHABLE) {
            ErrorResponses.write(json, response, 401, "invalid_key", "A live publishable key is required (?key=pk_…).");
            return;
        }
        String origin = request.getHeader("Origin");
        if (!key.get().allows(origin)) {
            ErrorResponses.write(json, response, 403, "origin_not_allowed", origin == null
                    ? "This key is for web pages: the request must come from one of its allowed origins."
                    : "The origin " + origin + " may not use this key.");
            return;
        }
        response.setHeader("Access-Control-Allow-Origin", origin);
        response.addHeader("Vary", "Origin");
        if ("OPTIONS".equals(request.getMethod())) {
            response.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
            response.setHeader("Access-Control-Allow-Headers", "Content-Type, Accept, " + HEADER);
            response.setHeader("Access-Control-Max-Age", "600");
            response.setStatus(204);
            return;
        }
        WidgetSettings settings = tenants.widget(key.get().tenant());
        String ip = request.getRemoteAddr();
        boolean question = request.getRequestURI().endsWith("/ask");
        Optional<Duration> wait = limits.acquire("key:" + key.get().id(), settings, question)
                .or(() -> limits.acquire("ip:" + key.get().tenant() + ":" + ip, settings, question));
        if (wait.isPresent()) {
            response.setHeader("Retry-After", Long.toString(Math.max(1, (wait.get().toMillis() + 999) / 1000)));
            response.setHeader("Access-Control-Expose-Headers", "Retry-After");
            ErrorResponses.write(json, response, 429, "rate_limited", "Too many requests; try again in " + response.getHeader("Retry-After") + " s.");
            return;
        }
        request.setAttribute(KEY, key.get());
        chain.doFilter(request, response);
    }
}

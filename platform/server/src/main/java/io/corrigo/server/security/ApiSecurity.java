package io.corrigo.server.security;

import io.corrigo.server.problem.ErrorCode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.server.CorrigoProperties;
import io.corrigo.server.web.ErrorResponses;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The REST API's security: admin API tokens (Bearer) and HTTP Basic with the admin users (unless turned off),
 * stateless, no CSRF (no cookies), JSON errors. It is
 * ordered before any other chain (the admin UI adds its own, with a sign-in form, for everything else).
 */
@Configuration
class ApiSecurity implements WebMvcConfigurer {

    /** The API's own description and its browser: open in demo mode, behind sign-in in production mode. */
    private static final String[] OPENAPI = {"/v3/api-docs/**", "/v3/api-docs", "/swagger-ui/**", "/swagger-ui.html"};

    private final TenantAccess access;
    private final boolean openApiSignedIn;
    private final boolean basic;

    ApiSecurity(TenantAccess access, CorrigoProperties properties) {
        this.access = access;
        this.openApiSignedIn = properties.mode() == CorrigoProperties.Mode.PRODUCTION;
        this.basic = properties.security().apiBasic() && properties.security().localPasswords();
    }

    /** bcrypt (Spring's delegating encoder), with verified passwords remembered for 10 minutes of use. */
    @Bean
    static PasswordEncoder passwordEncoder() {
        return new CachingPasswordEncoder(PasswordEncoderFactories.createDelegatingPasswordEncoder(),
                java.time.Clock.systemUTC(), java.time.Duration.ofMinutes(10));
    }

    @Bean
    @Order(1)
    SecurityFilterChain apiFilterChain(HttpSecurity http, ObjectMapper json, SignInThrottle throttle, AdminTokens tokens,
                                       org.springframework.beans.factory.ObjectProvider<SecurityContextHolderStrategy> contexts)
            throws Exception {
        http.addFilterBefore(new BearerTokenFilter(tokens, json,
                contexts.getIfAvailable(SecurityContextHolder::getContextHolderStrategy)), BasicAuthenticationFilter.class);
        http.addFilterBefore(new SignInThrottleFilter(throttle, basic), BasicAuthenticationFilter.class);
        String signIn = basic ? "Sign in: an API token (Authorization: Bearer …) or HTTP Basic with an admin user."
                : "Sign in: an API token (Authorization: Bearer …); HTTP Basic is turned off on this host.";
        org.springframework.security.web.AuthenticationEntryPoint unauthorized = (request, response, e) -> {
            response.setHeader("WWW-Authenticate", basic ? "Basic realm=\"Corrigo\"" : "Bearer realm=\"Corrigo\"");
            ErrorResponses.write(json, response, HttpServletResponse.SC_UNAUTHORIZED, ErrorCode.UNAUTHORIZED, signIn);
        };
        if (basic) {
            http.httpBasic(b -> b.authenticationEntryPoint(unauthorized));
        }
        http.securityMatcher(openApiSignedIn ? concat(new String[] {"/api/**", "/actuator/**"}, OPENAPI)
                        : new String[] {"/api/**", "/actuator/**"})
                .authorizeHttpRequests(a -> a
                        .requestMatchers("/actuator/health", "/actuator/health/**").permitAll()
                        .requestMatchers("/actuator/**", "/api/v1/users/**").hasRole(Role.PLATFORM_ADMIN.name())
                        .anyRequest().authenticated())
                .exceptionHandling(e -> e.authenticationEntryPoint(unauthorized).accessDeniedHandler((request, response, denied) ->
                        ErrorResponses.write(json, response, HttpServletResponse.SC_FORBIDDEN, ErrorCode.FORBIDDEN,
                                "Only a platform admin may do this.")))
                .csrf(csrf -> csrf.disable())
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS));
        return http.build();
    }

    /**
     * The chat widget's side: {@code /public/**} and {@code /v1/**} (guarded by {@code KeyAccessFilter}: key, origin, limits) and the
     * widget script itself are open to the world; no session, no CSRF (no cookies are used). So is the OpenAPI
     * description in demo mode; in production mode it is behind the API's sign-in.
     */
    @Bean
    @Order(2)
    SecurityFilterChain publicFilterChain(HttpSecurity http) throws Exception {
        String[] open = {"/public/**", "/widget.js", "/v1/**"};
        http.securityMatcher(openApiSignedIn ? open : concat(open, OPENAPI))
                .authorizeHttpRequests(a -> a.anyRequest().permitAll())
                .csrf(csrf -> csrf.disable())
                .requestCache(cache -> cache.disable())
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS));
        return http.build();
    }

    private static String[] concat(String[] first, String[] second) {
        String[] all = java.util.Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new TenantScopeInterceptor(access)).addPathPatterns("/api/v1/tenants/*", "/api/v1/tenants/*/**");
    }
}

package io.corrigo.ui.shell;

import com.vaadin.flow.spring.security.VaadinAwareSecurityContextHolderStrategyConfiguration;
import com.vaadin.flow.spring.security.VaadinSecurityConfigurer;
import io.corrigo.server.CorrigoProperties;
import io.corrigo.server.security.AdminUsers;
import io.corrigo.server.security.SameOriginSignIn;
import io.corrigo.server.security.SessionRevalidation;
import io.corrigo.server.security.SignInThrottle;
import io.corrigo.server.security.SignInThrottleFilter;
import io.corrigo.server.sso.SsoUserService;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.context.SecurityContextHolderFilter;

/**
 * The admin UI's security: a sign-in form and session for everything outside the REST API (whose own chain,
 * ordered first, answers {@code /api/**}); views declare who may open them. Every request re-checks the session's
 * user ({@link SessionRevalidation}).
 */
@Configuration
@Import(VaadinAwareSecurityContextHolderStrategyConfiguration.class)
class UiSecurity {

    /**
     * The admin UI's Content-Security-Policy: everything from this host only, never framed. Vaadin Flow's client
     * engine needs inline and eval'd script and inline styles (its bootstrap script and the expressions the server
     * sends); the rest is locked down, so injected markup can neither load nor send anything elsewhere.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'; "
            + "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; "
            + "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

    @Bean
    @Order(10)
    SecurityFilterChain uiFilterChain(HttpSecurity http, AdminUsers users, SignInThrottle throttle, SsoUserService ssoUsers,
                                      CorrigoProperties properties) throws Exception {
        // single sign-on (OpenID Connect) beside the form: the provider the platform admin set up, users made just in
        // time; a refusal goes back to the sign-in page, which says why
        http.oauth2Login(sso -> sso.loginPage("/login").failureUrl("/login?error=sso")
                .userInfoEndpoint(info -> info.oidcUserService(ssoUsers)));
        if (!properties.security().localPasswords()) {
            // no password sign-in at all: the form's post is refused before any password check
            http.addFilterBefore(new LocalPasswordsOff(), org.springframework.security.web.csrf.CsrfFilter.class);
        }
        // failed sign-ins lock the user name and the address for a while, doubling (SignInThrottle)
        http.addFilterBefore(new SignInThrottleFilter(throttle, false), UsernamePasswordAuthenticationFilter.class);
        // a sign-in form posted from another site is refused (login CSRF)
        http.addFilterBefore(new SameOriginSignIn(), SignInThrottleFilter.class);
        http.headers(headers -> headers
                .contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
                .referrerPolicy(referrer -> referrer.policy(ReferrerPolicyHeaderWriter.ReferrerPolicy.SAME_ORIGIN))
                .frameOptions(frames -> frames.deny()));
        // a session acts for its user as the user is now: deleted, disabled, a new password or other rights end it
        http.addFilterAfter(new SessionRevalidation(users), SecurityContextHolderFilter.class);
        // the product's icon shows on the sign-in page's tab too
        http.authorizeHttpRequests(requests -> requests.requestMatchers("/icons/corrigo.svg").permitAll());
        return http.with(VaadinSecurityConfigurer.vaadin(), vaadin -> vaadin.loginView(LoginView.class)).build();
    }
}

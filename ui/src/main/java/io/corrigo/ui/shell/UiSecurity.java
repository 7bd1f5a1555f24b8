package io.corrigo.ui.shell;

import com.vaadin.flow.spring.security.VaadinAwareSecurityContextHolderStrategyConfiguration;
import com.vaadin.flow.spring.security.VaadinSecurityConfigurer;
import io.corrigo.server.security.AdminUsers;
import io.corrigo.server.security.SessionRevalidation;
import io.corrigo.server.security.SignInThrottle;
import io.corrigo.server.security.SignInThrottleFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
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

    @Bean
    @Order(10)
    SecurityFilterChain uiFilterChain(HttpSecurity http, AdminUsers users, SignInThrottle throttle) throws Exception {
        // failed sign-ins lock the user name and the address for a while, doubling (SignInThrottle)
        http.addFilterBefore(new SignInThrottleFilter(throttle), UsernamePasswordAuthenticationFilter.class);
        // a session acts for its user as the user is now: deleted, disabled, a new password or other rights end it
        http.addFilterAfter(new SessionRevalidation(users), SecurityContextHolderFilter.class);
        return http.with(VaadinSecurityConfigurer.vaadin(), vaadin -> vaadin.loginView(LoginView.class)).build();
    }
}

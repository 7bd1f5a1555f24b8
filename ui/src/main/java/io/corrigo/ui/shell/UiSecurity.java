package io.corrigo.ui.shell;

import com.vaadin.flow.spring.security.VaadinAwareSecurityContextHolderStrategyConfiguration;
import com.vaadin.flow.spring.security.VaadinSecurityConfigurer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The admin UI's security: a sign-in form and session for everything outside the REST API (whose own chain,
 * ordered first, answers {@code /api/**}); views declare who may open them.
 */
@Configuration
@Import(VaadinAwareSecurityContextHolderStrategyConfiguration.class)
class UiSecurity {

    @Bean
    @Order(10)
    SecurityFilterChain uiFilterChain(HttpSecurity http) throws Exception {
        return http.with(VaadinSecurityConfigurer.vaadin(), vaadin -> vaadin.loginView(LoginView.class)).build();
    }
}

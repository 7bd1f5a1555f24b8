package io.corrigo.server.security;

import io.corrigo.server.audit.AuditLog;
import org.springframework.context.event.EventListener;
import org.springframework.security.authentication.event.AbstractAuthenticationFailureEvent;
import org.springframework.security.authentication.event.InteractiveAuthenticationSuccessEvent;
import org.springframework.stereotype.Component;

/**
 * Sign-ins into the audit log: every interactive sign-in (the admin UI's form, single sign-on) and every failed one
 * (form or HTTP Basic). A successful HTTP Basic request is not a sign-in: the API authenticates each request.
 */
@Component
class SignInAudit {

    private final AuditLog audit;

    SignInAudit(AuditLog audit) {
        this.audit = audit;
    }

    @EventListener
    void signedIn(InteractiveAuthenticationSuccessEvent event) {
        audit.signIn(event.getAuthentication().getName(), method(event.getAuthentication()), true);
    }

    @EventListener
    void failed(AbstractAuthenticationFailureEvent event) {
        audit.signIn(event.getAuthentication().getName(), method(event.getAuthentication()), false);
    }

    /** form or basic (password), sso (OpenID Connect). */
    static String method(org.springframework.security.core.Authentication authentication) {
        String type = authentication.getClass().getSimpleName();
        return type.startsWith("OAuth2") || type.startsWith("Oidc") ? "sso" : "password";
    }
}

package io.corrigo.server.sso;

import io.corrigo.server.problem.ServiceException;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserRequest;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserService;
import org.springframework.security.oauth2.client.userinfo.OAuth2UserService;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.oidc.user.DefaultOidcUser;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.stereotype.Component;

/**
 * Turns the provider's verified ID token (and user info) into a Corrigo admin: {@link SingleSignOn#signIn} makes or
 * updates the user, whose role and tenants become the session's authorities exactly as a password sign-in's would.
 */
@Component
public class SsoUserService implements OAuth2UserService<OidcUserRequest, OidcUser> {

    private final SingleSignOn sso;
    private final OidcUserService provider = new OidcUserService();

    SsoUserService(SingleSignOn sso) {
        this.sso = sso;
    }

    @Override
    public OidcUser loadUser(OidcUserRequest request) {
        OidcUser person = provider.loadUser(request);
        try {
            SingleSignOn.Person admin = sso.signIn(person.getClaims());
            return new DefaultOidcUser(admin.user().getAuthorities(), person.getIdToken(), person.getUserInfo(),
                    admin.usernameClaim());
        } catch (ServiceException refused) {
            throw new OAuth2AuthenticationException(new OAuth2Error("access_denied", refused.getMessage(), null),
                    refused.getMessage());
        }
    }
}

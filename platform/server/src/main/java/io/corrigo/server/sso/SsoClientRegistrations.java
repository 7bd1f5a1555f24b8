package io.corrigo.server.sso;

import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.stereotype.Component;

/** Spring Security's view of the one provider: {@link SingleSignOn#registration()}, whatever the admin set last. */
@Component
class SsoClientRegistrations implements ClientRegistrationRepository {

    private final SingleSignOn sso;

    SsoClientRegistrations(SingleSignOn sso) {
        this.sso = sso;
    }

    @Override
    public ClientRegistration findByRegistrationId(String registrationId) {
        return SingleSignOn.REGISTRATION_ID.equals(registrationId) ? sso.registration().orElse(null) : null;
    }
}

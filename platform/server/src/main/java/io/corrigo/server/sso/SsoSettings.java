package io.corrigo.server.sso;

import java.util.List;

/**
 * The platform's OpenID Connect provider and how its claims map to Corrigo users, as the API and UI show and take it.
 *
 * @param enabled             whether the sign-in page offers it
 * @param issuer              the issuer URL; its {@code /.well-known/openid-configuration} is read at start and change
 * @param clientId            the client id registered with the provider
 * @param clientSecret        the client secret: never shown (the API answers {@code ********} when one is stored); a
 *                            save without one keeps the stored secret
 * @param usernameClaim       the claim that names the user ({@code preferred_username}; {@code sub} when absent)
 * @param roleClaim           the claim holding the person's groups or roles ({@code groups})
 * @param platformAdminValues values of the role claim that make a platform admin
 * @param tenantAdminValues   values of the role claim that make a tenant admin
 * @param tenantsClaim        the claim listing a tenant admin's tenant ids ({@code corrigo_tenants})
 * @param buttonLabel         what the sign-in page's button says
 */
public record SsoSettings(boolean enabled, String issuer, String clientId, String clientSecret, String usernameClaim,
                          String roleClaim, List<String> platformAdminValues, List<String> tenantAdminValues,
                          String tenantsClaim, String buttonLabel) {

    /** Unset: off, with the usual claim names. */
    public static final SsoSettings NONE = new SsoSettings(false, "", "", null, "preferred_username", "groups",
            List.of(), List.of(), "corrigo_tenants", "Sign in with single sign-on");
}

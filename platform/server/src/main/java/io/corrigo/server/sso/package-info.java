/**
 * Single sign-on with OpenID Connect: {@link io.corrigo.server.sso.SingleSignOn} keeps the platform's provider (issuer,
 * client, claim mapping; the secret encrypted), serves it to Spring Security as a client registration discovered from
 * the issuer, and turns a signed-in person's claims into a Corrigo admin user, made or updated just in time. The admin
 * UI's security chain adds the OAuth2 login; {@code /api/v1/sso} sets it up.
 */
package io.corrigo.server.sso;

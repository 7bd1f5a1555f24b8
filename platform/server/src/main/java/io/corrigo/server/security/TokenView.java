package io.corrigo.server.security;

import java.time.Instant;
import java.util.List;

/**
 * An admin API token as the API and UI show it: never the token itself, only its first characters.
 *
 * @param id         its id
 * @param username   the admin it acts for
 * @param name       what its owner called it
 * @param prefix     its first characters, to recognise it
 * @param role       the role it acts with (at most its user's)
 * @param tenants    for a {@link Role#TENANT_ADMIN} token, the tenants it reaches (within its user's)
 * @param scopes     what it may do: read, write, plugins
 * @param createdAt  when it was made
 * @param expiresAt  when it stops working
 * @param lastUsedAt when it was last used (to the minute), or null
 * @param revokedAt  when it was revoked, or null
 * @param state      {@code active}, {@code expired} or {@code revoked}
 */
public record TokenView(String id, String username, String name, String prefix, Role role, List<String> tenants,
                        List<String> scopes, Instant createdAt, Instant expiresAt, Instant lastUsedAt, Instant revokedAt,
                        String state) {
}

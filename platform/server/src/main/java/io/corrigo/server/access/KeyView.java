package io.corrigo.server.access;

import java.time.Instant;
import java.util.List;

/**
 * A key as admins see it (never the key itself after creation).
 *
 * @param id             the key's id (for revoking)
 * @param tenant         its tenant
 * @param kind           publishable or secret
 * @param name           what the admin called it
 * @param display        its first characters, to recognise it
 * @param allowedOrigins the web origins a publishable key may be used from ({@code https://shop.example.com})
 * @param createdAt      when it was made
 * @param revokedAt      when it was revoked, or {@code null}
 */
public record KeyView(String id, String tenant, KeyKind kind, String name, String display, List<String> allowedOrigins,
                      Instant createdAt, Instant revokedAt) {

    public boolean allows(String origin) {
        return origin != null && allowedOrigins.contains(origin);
    }
}

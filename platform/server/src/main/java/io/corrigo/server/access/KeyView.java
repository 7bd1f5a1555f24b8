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
 * @param groups         the groups of the people the key serves: its questions see the documents readable by everyone
 *                       and those readable by one of these groups, nothing else
 * @param collections    the collections its questions search when they name none (empty: all)
 */
public record KeyView(String id, String tenant, KeyKind kind, String name, String display, List<String> allowedOrigins,
                      Instant createdAt, Instant revokedAt, List<String> groups, List<String> collections) {

    public KeyView {
        groups = groups == null ? List.of() : List.copyOf(groups);
        collections = collections == null ? List.of() : List.copyOf(collections);
    }

    public boolean allows(String origin) {
        return origin != null && allowedOrigins.contains(origin);
    }
}

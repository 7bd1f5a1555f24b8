package io.corrigo.server.gateway;

import io.corrigo.server.conversation.Conversations;

/**
 * Who asks, as the gateway needs it: the tenant, and whose conversation threads they may continue.
 *
 * @param kind         an admin (any thread of the tenant started by an admin), a widget visitor (only threads started
 *                     with the same key and visitor token), a client that sends its own history (no stored thread), or
 *                     an assistant (an MCP client: the threads started with the same secret key)
 * @param tenantId     the tenant asked
 * @param keyId        the key's id for a visitor or client, else {@code null}
 * @param visitorToken the visitor's token for the thread, or {@code null}
 * @param groups       the groups the caller reads as (their key's), or {@code null} for an admin, who reads everything
 * @param collections  the collections searched when a question names none (their key's); empty: all
 */
public record Caller(Kind kind, String tenantId, String keyId, String visitorToken, java.util.Set<String> groups,
                     java.util.List<String> collections) {

    public Caller {
        groups = groups == null ? null : java.util.Set.copyOf(groups);
        collections = collections == null ? java.util.List.of() : java.util.List.copyOf(collections);
        if (kind != Kind.ADMIN && groups == null) {
            throw new IllegalArgumentException("a key's caller reads as its groups (none: what everyone may read)");
        }
    }

    /** The kinds of caller. */
    public enum Kind {
        ADMIN, VISITOR, CLIENT, ASSISTANT
    }

    public static Caller admin(String tenantId) {
        return new Caller(Kind.ADMIN, tenantId, null, null, null, null);
    }

    /** A widget visitor with a publishable key of {@code groups}, searching {@code collections} by default. */
    public static Caller visitor(String tenantId, String keyId, java.util.Collection<String> groups,
                                 java.util.List<String> collections, String visitorToken) {
        return new Caller(Kind.VISITOR, tenantId, keyId, visitorToken, java.util.Set.copyOf(groups), collections);
    }

    /** A server-side client with a secret key of {@code groups}, searching {@code collections} by default. */
    public static Caller client(String tenantId, String keyId, java.util.Collection<String> groups,
                                java.util.List<String> collections) {
        return new Caller(Kind.CLIENT, tenantId, keyId, null, java.util.Set.copyOf(groups), collections);
    }

    /** An assistant (an MCP client) with a secret key of {@code groups}, searching {@code collections} by default. */
    public static Caller assistant(String tenantId, String keyId, java.util.Collection<String> groups,
                                   java.util.List<String> collections) {
        return new Caller(Kind.ASSISTANT, tenantId, keyId, null, java.util.Set.copyOf(groups), collections);
    }

    /**
     * What a question of this caller may see: the collections and metadata it names (the key's collections when it
     * names none), and never more than the caller's groups may read, whatever the question says.
     */
    public io.corrigo.api.PassageFilter scope(io.corrigo.api.PassageFilter asked) {
        io.corrigo.api.PassageFilter named = asked.collections().isEmpty() && !collections.isEmpty()
                ? new io.corrigo.api.PassageFilter(java.util.Set.copyOf(collections), asked.metadata(), asked.updatedAfter(),
                        asked.updatedBefore(), null)
                : asked;
        return named.withReaders(groups);
    }

    Conversations.Asker asker() {
        return switch (kind) {
            case ADMIN -> Conversations.Asker.ADMIN;
            case ASSISTANT -> Conversations.Asker.key(keyId);
            default -> new Conversations.Asker(keyId, visitorToken);
        };
    }
}

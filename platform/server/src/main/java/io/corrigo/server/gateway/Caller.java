package io.corrigo.server.gateway;

import io.corrigo.server.conversation.Conversations;

/**
 * Who asks, as the gateway needs it: the tenant, and whose conversation threads they may continue.
 *
 * @param kind         an admin (any thread of the tenant started by an admin), a widget visitor (only threads started
 *                     with the same key and visitor token), or a client that sends its own history (no stored thread)
 * @param tenantId     the tenant asked
 * @param keyId        the key's id for a visitor or client, else {@code null}
 * @param visitorToken the visitor's token for the thread, or {@code null}
 */
public record Caller(Kind kind, String tenantId, String keyId, String visitorToken) {

    /** The kinds of caller. */
    public enum Kind {
        ADMIN, VISITOR, CLIENT
    }

    public static Caller admin(String tenantId) {
        return new Caller(Kind.ADMIN, tenantId, null, null);
    }

    public static Caller visitor(String tenantId, String keyId, String visitorToken) {
        return new Caller(Kind.VISITOR, tenantId, keyId, visitorToken);
    }

    public static Caller client(String tenantId, String keyId) {
        return new Caller(Kind.CLIENT, tenantId, keyId, null);
    }

    Conversations.Asker asker() {
        return kind == Kind.ADMIN ? Conversations.Asker.ADMIN : new Conversations.Asker(keyId, visitorToken);
    }
}

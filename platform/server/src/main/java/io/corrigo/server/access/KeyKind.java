package io.corrigo.server.access;

/** What a key may do. */
public enum KeyKind {
    /** For the chat widget in web pages: ask and send feedback, only from its allowed origins. Prefix {@code pk_}. */
    PUBLISHABLE("pk_"),
    /** For a tenant's own servers; never put in a web page. Prefix {@code sk_}. */
    SECRET("sk_");

    private final String prefix;

    KeyKind(String prefix) {
        this.prefix = prefix;
    }

    public String prefix() {
        return prefix;
    }
}

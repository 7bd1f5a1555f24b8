package io.corrigo.server.security;

import java.util.Locale;

/** What an admin API token may do, beside its role and tenants. */
public enum TokenScope {
    /** Read anything within reach: GET and HEAD requests. */
    READ,
    /** Change anything within reach except plugins: every other request outside {@code /api/v1/plugins}. */
    WRITE,
    /** Install, upgrade, disable, enable and uninstall plugins: changing requests under {@code /api/v1/plugins}. */
    PLUGINS;

    /** The scope a request needs: {@link #READ} for reads, {@link #PLUGINS} for plugin changes, else {@link #WRITE}. */
    public static TokenScope requiredFor(String method, String path) {
        String verb = method.toUpperCase(Locale.ROOT);
        if (verb.equals("GET") || verb.equals("HEAD") || verb.equals("OPTIONS")) {
            return READ;
        }
        return path.equals("/api/v1/plugins") || path.startsWith("/api/v1/plugins/") ? PLUGINS : WRITE;
    }

    /** The authority a token with this scope carries. */
    public String authority() {
        return "SCOPE_" + name();
    }

    /** The scope's name as the API writes it: read, write, plugins. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

package io.corrigo.server.security;

/** What an admin user may do. */
public enum Role {
    /** Everything: all tenants, users, plugins. */
    PLATFORM_ADMIN,
    /** Only the tenants assigned to the user: their pipelines, knowledge, runs and playground. */
    TENANT_ADMIN;

    /** The Spring Security authority of this role. */
    public String authority() {
        return "ROLE_" + name();
    }
}

package io.corrigo.server.security;

import java.time.Instant;
import java.util.List;

/** An admin user as the API and the UI show it (never the password hash). */
public record UserView(String username, Role role, List<String> tenants, boolean enabled, Instant createdAt) {

    static UserView of(AdminUser user) {
        return new UserView(user.username(), user.role(), List.copyOf(user.tenants()), user.enabled(), user.createdAt());
    }
}

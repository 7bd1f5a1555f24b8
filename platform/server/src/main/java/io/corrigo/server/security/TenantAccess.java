package io.corrigo.server.security;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.ServiceException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;

/**
 * The signed-in admin's reach, read from the security context (REST request or UI session). Another tenant's
 * resources answer exactly as missing ones do (404), so a tenant admin cannot even learn which tenants exist.
 */
@Component
public class TenantAccess {

    static final String TENANT_AUTHORITY = "TENANT_";

    /** The signed-in admin, if any. */
    public Optional<Admin> current() {
        Authentication auth = SecurityContextHolder.getContext().getAuthentication();
        if (auth == null || !auth.isAuthenticated() || auth.getAuthorities() == null) {
            return Optional.empty();
        }
        Set<String> authorities = auth.getAuthorities().stream().map(GrantedAuthority::getAuthority)
                .collect(Collectors.toSet());
        Role role = authorities.contains(Role.PLATFORM_ADMIN.authority()) ? Role.PLATFORM_ADMIN
                : authorities.contains(Role.TENANT_ADMIN.authority()) ? Role.TENANT_ADMIN : null;
        if (role == null) {
            return Optional.empty();
        }
        Set<String> tenants = authorities.stream().filter(a -> a.startsWith(TENANT_AUTHORITY))
                .map(a -> a.substring(TENANT_AUTHORITY.length())).collect(Collectors.toUnmodifiableSet());
        return Optional.of(new Admin(auth.getName(), role, tenants));
    }

    public boolean isPlatformAdmin() {
        return current().map(a -> a.role() == Role.PLATFORM_ADMIN).orElse(false);
    }

    public boolean canAccess(String tenantId) {
        return current().map(a -> a.canAccess(tenantId)).orElse(false);
    }

    /** The items of {@code items} whose tenant ({@code tenantOf}) the admin may see, in their order. */
    public <T> List<T> visible(Collection<T> items, Function<T, String> tenantOf) {
        return current().map(admin -> items.stream().filter(item -> admin.canAccess(tenantOf.apply(item))).toList())
                .orElse(List.of());
    }

    /**
     * The check every tenant-scoped service makes itself (through {@code TenantService}, the door they all pass):
     * an admin signed in on this thread (REST request, UI request) who may not see {@code tenantId} is refused as for a
     * missing tenant. Calls without an admin pass: the host's own work (ingestion and evaluation jobs, the demo set-up,
     * the command line) and key-authenticated calls, whose tenant is the key's own.
     *
     * @throws ServiceException 404 when an admin is signed in and {@code tenantId} is out of their reach
     */
    public void refuseOutOfReach(String tenantId) {
        Optional<Admin> admin = current();
        if (admin.isPresent() && !admin.get().canAccess(tenantId)) {
            throw ServiceException.notFound(ErrorCode.TENANT_NOT_FOUND, "No tenant '" + tenantId + "'.");
        }
    }

    /** The items within reach of the admin signed in on this thread, in their order; all of them without an admin. */
    public <T> List<T> withinReach(Collection<T> items, Function<T, String> tenantOf) {
        return current().map(admin -> items.stream().filter(item -> admin.canAccess(tenantOf.apply(item))).toList())
                .orElseGet(() -> List.copyOf(items));
    }

    /** @throws ServiceException 404 (as for a missing tenant) when the admin may not see {@code tenantId} */
    public void require(String tenantId) {
        if (!canAccess(tenantId)) {
            throw ServiceException.notFound(ErrorCode.TENANT_NOT_FOUND, "No tenant '" + tenantId + "'.");
        }
    }

    /** @throws ServiceException 403 unless a platform admin is signed in */
    public void requirePlatformAdmin() {
        if (!isPlatformAdmin()) {
            throw new ServiceException(ServiceException.Kind.FORBIDDEN, ErrorCode.FORBIDDEN, "Only a platform admin may do this.", List.of());
        }
    }

    /**
     * A signed-in admin.
     *
     * @param username the user name
     * @param role     what they may do
     * @param tenants  the tenants of a tenant admin (empty for a platform admin, who sees all)
     */
    public record Admin(String username, Role role, Set<String> tenants) {

        public boolean canAccess(String tenantId) {
            return role == Role.PLATFORM_ADMIN || tenants.contains(tenantId);
        }
    }
}

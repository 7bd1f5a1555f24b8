package io.corrigo.server.security;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.problem.ServiceException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Admin accounts: create, change, delete, and load for sign-in. A tenant admin's tenants become authorities
 * ({@code TENANT_<id>}) at sign-in, so {@link TenantAccess} decides without a database read.
 */
@Service
public class AdminUsers implements UserDetailsService {

    /** User names: 2-60 letters, digits, dots, dashes, underscores or @. */
    public static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9._@-]{2,60}");
    /** The shortest password accepted. */
    public static final int MIN_PASSWORD = 10;

    private final AdminUserRepository users;
    private final KnownTenants tenants;
    private final PasswordEncoder encoder;
    private final Clock clock;
    private final AuditLog audit;

    AdminUsers(AdminUserRepository users, KnownTenants tenants, PasswordEncoder encoder, Clock clock, AuditLog audit) {
        this.audit = audit;
        this.users = users;
        this.tenants = tenants;
        this.encoder = encoder;
        this.clock = clock;
    }

    @Override
    @Transactional(readOnly = true)
    public UserDetails loadUserByUsername(String username) {
        AdminUser user = users.findById(username).orElseThrow(() -> new UsernameNotFoundException("no such user"));
        List<SimpleGrantedAuthority> authorities = new ArrayList<>();
        authorities.add(new SimpleGrantedAuthority(user.role().authority()));
        user.tenants().forEach(t -> authorities.add(new SimpleGrantedAuthority(TenantAccess.TENANT_AUTHORITY + t)));
        return User.withUsername(user.username()).password(user.passwordHash()).authorities(authorities)
                .disabled(!user.enabled()).build();
    }

    @Transactional(readOnly = true)
    public List<UserView> list() {
        return users.findAll().stream().map(UserView::of).toList();
    }

    @Transactional(readOnly = true)
    public boolean any() {
        return users.count() > 0;
    }

    /** @throws ServiceException 400 for a bad name, password, role or tenant; 409 when the name is taken */
    @Transactional
    public UserView create(String username, String password, Role role, Collection<String> tenantIds) {
        List<String> problems = new ArrayList<>();
        if (username == null || !USERNAME.matcher(username).matches()) {
            problems.add("username: 2-60 letters, digits, dots, dashes, underscores or @");
        }
        checkPassword(password, problems);
        Set<String> scope = checkScope(role, tenantIds, problems);
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_USER, "The user is not valid.", problems);
        }
        if (users.existsById(username)) {
            throw new ServiceException(ServiceException.Kind.CONFLICT, ErrorCode.USER_EXISTS, "User '" + username + "' already exists.", List.of());
        }
        UserView created = UserView.of(users.save(new AdminUser(username, encoder.encode(password), role, scope, clock.instant())));
        audit.record("user.create", null, username, null, created);
        return created;
    }

    /** Changes role, tenants and enabled state (null keeps a value). @throws ServiceException 400, 404, 409 */
    @Transactional
    public UserView update(String username, Role role, Collection<String> tenantIds, Boolean enabled) {
        AdminUser user = require(username);
        UserView before = UserView.of(user);
        Role newRole = role == null ? user.role() : role;
        List<String> problems = new ArrayList<>();
        Set<String> scope = checkScope(newRole, tenantIds == null ? user.tenants() : tenantIds, problems);
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_USER, "The user is not valid.", problems);
        }
        boolean losesAdmin = user.role() == Role.PLATFORM_ADMIN && user.enabled()
                && (newRole != Role.PLATFORM_ADMIN || Boolean.FALSE.equals(enabled));
        if (losesAdmin) {
            requireAnotherPlatformAdmin();
        }
        user.role(newRole);
        user.tenants(scope);
        if (enabled != null) {
            user.enabled(enabled);
        }
        UserView after = UserView.of(users.save(user));
        audit.record("user.update", null, username, before, after);
        return after;
    }

    /**
     * The admin a single sign-on makes or updates at sign-in (just in time): a new user gets a random password nobody
     * knows (they sign in through their provider); an existing one takes the role and tenants the provider says now.
     * Tenant ids that name no tenant are left out.
     *
     * @return the user as a sign-in loads it
     * @throws ServiceException 403 for a disabled user, or a tenant admin left with no tenant
     */
    @Transactional
    public UserDetails provision(String username, Role role, Collection<String> tenantIds) {
        Set<String> scope = new TreeSet<>();
        if (role == Role.TENANT_ADMIN) {
            (tenantIds == null ? List.<String>of() : tenantIds).stream().filter(tenants::exists).forEach(scope::add);
            if (scope.isEmpty()) {
                throw new ServiceException(ServiceException.Kind.FORBIDDEN, ErrorCode.SSO_REFUSED, "Single sign-on refused: '"
                        + username + "' is a tenant admin of no existing tenant.", List.of());
            }
        }
        java.util.Optional<AdminUser> existing = users.findById(username);
        if (existing.isPresent() && !existing.get().enabled()) {
            throw new ServiceException(ServiceException.Kind.FORBIDDEN, ErrorCode.SSO_REFUSED, "Single sign-on refused: user '"
                    + username + "' is disabled.", List.of());
        }
        UserView before = existing.map(UserView::of).orElse(null);
        AdminUser user = existing.orElseGet(() -> new AdminUser(username,
                encoder.encode(java.util.UUID.randomUUID().toString()), role, scope, clock.instant()));
        if (before != null && before.role() == Role.PLATFORM_ADMIN && role != Role.PLATFORM_ADMIN) {
            requireAnotherPlatformAdmin();
        }
        user.role(role);
        user.tenants(scope);
        UserView after = UserView.of(users.save(user));
        if (!after.equals(before)) {
            audit.record("user.provision", null, username, before, after);
        }
        return loadUserByUsername(username);
    }

    /** @throws ServiceException 400 for a too short password, 404 for an unknown user */
    @Transactional
    public void changePassword(String username, String password) {
        AdminUser user = require(username);
        List<String> problems = new ArrayList<>();
        checkPassword(password, problems);
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_PASSWORD, "The password is not valid.", problems);
        }
        user.passwordHash(encoder.encode(password));
        users.save(user);
        audit.record("user.password", null, username, null, null);
    }

    /** @throws ServiceException 404 for an unknown user, 409 for the last platform admin */
    @Transactional
    public void delete(String username) {
        AdminUser user = require(username);
        if (user.role() == Role.PLATFORM_ADMIN && user.enabled()) {
            requireAnotherPlatformAdmin();
        }
        UserView before = UserView.of(user);
        users.delete(user);
        audit.record("user.delete", null, username, before, null);
    }

    private AdminUser require(String username) {
        return users.findById(username)
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.USER_NOT_FOUND, "No user '" + username + "'."));
    }

    private void requireAnotherPlatformAdmin() {
        if (users.countByRoleAndEnabledTrue(Role.PLATFORM_ADMIN) <= 1) {
            throw new ServiceException(ServiceException.Kind.CONFLICT, ErrorCode.LAST_PLATFORM_ADMIN,
                    "This is the last enabled platform admin; create another one first.", List.of());
        }
    }

    private static void checkPassword(String password, List<String> problems) {
        if (password == null || password.length() < MIN_PASSWORD || password.length() > 200) {
            problems.add("password: " + MIN_PASSWORD + "-200 characters");
        }
    }

    private Set<String> checkScope(Role role, Collection<String> tenantIds, List<String> problems) {
        if (role == null) {
            problems.add("role: PLATFORM_ADMIN or TENANT_ADMIN");
            return Set.of();
        }
        if (tenantIds != null && tenantIds.stream().anyMatch(java.util.Objects::isNull)) {
            problems.add("tenants: a tenant id, not null");
            return Set.of();
        }
        Set<String> scope = new TreeSet<>(tenantIds == null ? List.of() : tenantIds);
        if (role == Role.PLATFORM_ADMIN) {
            return Set.of(); // sees every tenant anyway
        }
        if (scope.isEmpty()) {
            problems.add("tenants: a tenant admin needs at least one tenant");
        }
        scope.stream().filter(t -> !tenants.exists(t)).forEach(t -> problems.add("tenants: no tenant '" + t + "'"));
        return scope;
    }
}

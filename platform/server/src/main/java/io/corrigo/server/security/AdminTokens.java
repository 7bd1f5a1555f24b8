package io.corrigo.server.security;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.DisplayNames;
import io.corrigo.server.Sql;
import io.corrigo.server.Tokens;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.problem.ServiceException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Personal API tokens of admin users: made with a role, tenants, scopes and an expiry, shown once, stored as a
 * SHA-256, revocable, their last use kept to the minute. A token acts for its user as the user is now (a disabled or
 * deleted user's tokens stop working; a tenant admin's token never reaches beyond the user's tenants), narrowed to the
 * token's own role, tenants and scopes.
 */
@Service
public class AdminTokens {

    /** Every token starts with this, so that a leaked one is recognised (and told apart from tenant keys). */
    public static final String PREFIX = "crg_pat_";
    /** The longest a token may live. */
    public static final int MAX_DAYS = 366;
    /** A token's life when none is given. */
    public static final int DEFAULT_DAYS = 90;

    private static final Duration LAST_USED_STEP = Duration.ofMinutes(1);

    private final JdbcTemplate jdbc;
    private final AdminUserRepository users;
    private final KnownTenants tenants;
    private final AuditLog audit;
    private final Clock clock;

    AdminTokens(JdbcTemplate jdbc, AdminUserRepository users, KnownTenants tenants, AuditLog audit, Clock clock) {
        this.jdbc = jdbc;
        this.users = users;
        this.tenants = tenants;
        this.audit = audit;
        this.clock = clock;
    }

    /** A new token and its value, which is not stored and cannot be shown again. */
    public record CreatedToken(TokenView token, String value) {
    }

    /**
     * Makes a token for {@code username}.
     *
     * @param role          null: the user's own role
     * @param tenantIds     for a tenant-admin token: the tenants it reaches (a tenant admin's own tenants when empty)
     * @param scopes        at least one of read, write, plugins
     * @param expiresInDays 1-{@value #MAX_DAYS}; null: {@value #DEFAULT_DAYS}
     * @throws ServiceException 400 for a bad name, role, tenant, scope or expiry; 404 for an unknown user
     */
    @Transactional
    public CreatedToken create(String username, String name, Role role, Collection<String> tenantIds,
                               Collection<String> scopes, Integer expiresInDays) {
        AdminUser user = users.findById(username)
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.USER_NOT_FOUND, "No user '" + username + "'."));
        List<String> problems = new ArrayList<>();
        if (name == null || name.isBlank() || name.length() > 100) {
            problems.add("name: 1-100 characters");
        } else if (DisplayNames.hasHiddenCharacters(name)) {
            problems.add("name: no control or text-direction characters");
        }
        Role tokenRole = role == null ? user.role() : role;
        if (tokenRole == Role.PLATFORM_ADMIN && user.role() != Role.PLATFORM_ADMIN) {
            problems.add("role: a tenant admin's token cannot be a platform admin's");
        }
        if (tenantIds != null && tenantIds.stream().anyMatch(java.util.Objects::isNull)) {
            throw ServiceException.invalid(ErrorCode.INVALID_TOKEN, "The token is not valid.", List.of("tenants: a tenant id, not null"));
        }
        Set<String> reach = new TreeSet<>(tenantIds == null ? List.of() : tenantIds);
        if (tokenRole == Role.TENANT_ADMIN) {
            if (reach.isEmpty() && user.role() == Role.TENANT_ADMIN) {
                reach.addAll(user.tenants());
            }
            if (reach.isEmpty()) {
                problems.add("tenants: a tenant admin's token needs at least one tenant");
            }
            for (String t : reach) {
                if (!tenants.exists(t) || (user.role() == Role.TENANT_ADMIN && !user.tenants().contains(t))) {
                    problems.add("tenants: no tenant '" + t + "'");
                }
            }
        } else {
            reach.clear();
        }
        Set<TokenScope> granted = scopes(scopes, problems);
        int days = expiresInDays == null ? DEFAULT_DAYS : expiresInDays;
        if (days < 1 || days > MAX_DAYS) {
            problems.add("expiresInDays: 1-" + MAX_DAYS);
        }
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_TOKEN, "The token is not valid.", problems);
        }
        String token = Tokens.random(PREFIX);
        String id = "tok-" + UUID.randomUUID().toString().substring(0, 13);
        Instant now = clock.instant();
        jdbc.update("INSERT INTO admin_token (id, username, name, token_prefix, token_hash, role, scopes, created_at, "
                        + "expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", id, username, name.trim(),
                token.substring(0, PREFIX.length() + 4), hash(token), tokenRole.name(),
                String.join(",", granted.stream().map(TokenScope::name).toList()), Sql.utc(now),
                Sql.utc(now.plus(Duration.ofDays(days))));
        for (String t : reach) {
            jdbc.update("INSERT INTO admin_token_tenant (token_id, tenant_id) VALUES (?, ?)", id, t);
        }
        TokenView view = find(id).orElseThrow();
        audit.record("token.create", null, id, null, view);
        return new CreatedToken(view, token);
    }

    /** The tokens of {@code username}, newest first (revoked and expired ones too). */
    @Transactional(readOnly = true)
    public List<TokenView> list(String username) {
        return jdbc.query("SELECT * FROM admin_token WHERE username = ? ORDER BY created_at DESC, id", this::view, username);
    }

    /** Every user's tokens, newest first: for platform admins. */
    @Transactional(readOnly = true)
    public List<TokenView> listAll() {
        return jdbc.query("SELECT * FROM admin_token ORDER BY created_at DESC, id", this::view);
    }

    /**
     * Revokes a token of {@code owner}'s, or any token when {@code anyOwner} (a platform admin).
     *
     * @throws ServiceException 404 for a token out of reach or none
     */
    @Transactional
    public TokenView revoke(String owner, boolean anyOwner, String tokenId) {
        TokenView before = find(tokenId).filter(t -> anyOwner || t.username().equals(owner))
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.TOKEN_NOT_FOUND, "No token '" + tokenId + "'."));
        jdbc.update("UPDATE admin_token SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                Sql.utc(clock.instant()), tokenId);
        TokenView after = find(tokenId).orElseThrow();
        audit.record("token.revoke", null, tokenId, before, after);
        return after;
    }

    /**
     * The authentication a Bearer token value signs in with: its user's name, the token's role, tenants (within the
     * user's, as the user is now) and scopes as authorities. Empty for an unknown, revoked or expired token, or one
     * whose user is disabled, gone, or no longer has the token's role.
     */
    @Transactional
    public Optional<TokenAuthentication> authenticate(String value) {
        if (value == null || !value.startsWith(PREFIX) || value.length() > 100) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        List<TokenView> found = jdbc.query("SELECT * FROM admin_token WHERE token_hash = ?", this::view, hash(value));
        if (found.isEmpty() || !found.get(0).state().equals("active")) {
            return Optional.empty();
        }
        TokenView token = found.get(0);
        Optional<AdminUser> user = users.findById(token.username()).filter(AdminUser::enabled);
        if (user.isEmpty() || (token.role() == Role.PLATFORM_ADMIN && user.get().role() != Role.PLATFORM_ADMIN)) {
            return Optional.empty();
        }
        List<GrantedAuthority> authorities = new ArrayList<>();
        authorities.add(new SimpleGrantedAuthority(token.role().authority()));
        if (token.role() == Role.TENANT_ADMIN) {
            token.tenants().stream()
                    .filter(t -> user.get().role() == Role.PLATFORM_ADMIN || user.get().tenants().contains(t))
                    .forEach(t -> authorities.add(new SimpleGrantedAuthority(TenantAccess.TENANT_AUTHORITY + t)));
        }
        token.scopes().forEach(s -> authorities.add(new SimpleGrantedAuthority(
                TokenScope.valueOf(s.toUpperCase(Locale.ROOT)).authority())));
        jdbc.update("UPDATE admin_token SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)",
                Sql.utc(now), token.id(), Sql.utc(now.minus(LAST_USED_STEP)));
        return Optional.of(new TokenAuthentication(token.username(), token.id(), authorities));
    }

    /** A request signed in with a token: its user's name, with the token named in the details for the audit log. */
    public static final class TokenAuthentication extends AbstractAuthenticationToken {

        private final String username;

        TokenAuthentication(String username, String tokenId, Collection<? extends GrantedAuthority> authorities) {
            super(authorities);
            this.username = username;
            setDetails(new AuditLog.ViaToken(tokenId));
            setAuthenticated(true);
        }

        @Override
        public Object getCredentials() {
            return "";
        }

        @Override
        public Object getPrincipal() {
            return username;
        }

        /** Whether the token carries {@code scope}. */
        public boolean has(TokenScope scope) {
            return getAuthorities().stream().anyMatch(a -> a.getAuthority().equals(scope.authority()));
        }
    }

    private Optional<TokenView> find(String id) {
        return jdbc.query("SELECT * FROM admin_token WHERE id = ?", this::view, id).stream().findFirst();
    }

    private TokenView view(ResultSet rs, int row) throws SQLException {
        String id = rs.getString("id");
        Instant expires = instant(rs.getTimestamp("expires_at"));
        Instant revoked = instant(rs.getTimestamp("revoked_at"));
        List<String> reach = jdbc.queryForList("SELECT tenant_id FROM admin_token_tenant WHERE token_id = ? ORDER BY tenant_id",
                String.class, id);
        List<String> scopes = List.of(rs.getString("scopes").split(",")).stream()
                .map(s -> s.toLowerCase(Locale.ROOT)).toList();
        String state = revoked != null ? "revoked" : !clock.instant().isBefore(expires) ? "expired" : "active";
        return new TokenView(id, rs.getString("username"), rs.getString("name"), rs.getString("token_prefix"),
                Role.valueOf(rs.getString("role")), reach, scopes, instant(rs.getTimestamp("created_at")), expires,
                instant(rs.getTimestamp("last_used_at")), revoked, state);
    }

    private static Set<TokenScope> scopes(Collection<String> names, List<String> problems) {
        Set<TokenScope> granted = EnumSet.noneOf(TokenScope.class);
        for (String name : names == null ? List.<String>of() : new LinkedHashSet<>(names)) {
            try {
                granted.add(TokenScope.valueOf(String.valueOf(name).trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                problems.add("scopes: '" + name + "' is not one of read, write, plugins");
            }
        }
        if (granted.isEmpty() && problems.stream().noneMatch(p -> p.startsWith("scopes"))) {
            problems.add("scopes: at least one of read, write, plugins");
        }
        return granted;
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }

    static String hash(String value) {
        return Tokens.sha256Hex(value);
    }
}

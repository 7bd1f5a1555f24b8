package io.corrigo.server.sso;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.Recently;
import io.corrigo.server.Sql;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.outbound.OutboundPolicy;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.secrets.SecretBox;
import io.corrigo.server.security.AdminUsers;
import io.corrigo.server.security.Role;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The platform's OpenID Connect provider: its settings (one row; the client secret encrypted with the master key), the
 * client registration Spring Security signs in with (discovered from the issuer, kept a minute, forgotten on change),
 * and the mapping of a signed-in person's claims to a Corrigo admin, made or updated just in time.
 */
@Service
public class SingleSignOn {

    /** The registration id: the sign-in starts at {@code /oauth2/authorization/oidc}. */
    public static final String REGISTRATION_ID = "oidc";
    private static final Logger log = LoggerFactory.getLogger(SingleSignOn.class);

    private final JdbcTemplate jdbc;
    private final SecretBox secrets;
    private final OutboundPolicy outbound;
    private final AdminUsers users;
    private final AuditLog audit;
    private final Recently<String, Optional<ClientRegistration>> registrations = new Recently<>(Duration.ofMinutes(1), 4);

    SingleSignOn(JdbcTemplate jdbc, SecretBox secrets, OutboundPolicy outbound, AdminUsers users, AuditLog audit) {
        this.jdbc = jdbc;
        this.secrets = secrets;
        this.outbound = outbound;
        this.users = users;
        this.audit = audit;
    }

    /** The settings as the API shows them: a stored secret as {@code ********}. */
    @Transactional(readOnly = true)
    public SsoSettings settings() {
        return masked(stored());
    }

    /**
     * Saves the settings; a blank or masked secret keeps the stored one (unless the issuer changed).
     *
     * @throws ServiceException 400 naming each problem: an issuer that is not an http(s) URL or that the outbound
     *                          policy refuses, no client id, no secret, no role value that maps to a role
     */
    @Transactional
    public SsoSettings save(SsoSettings changed) {
        SsoSettings before = stored();
        List<String> problems = new ArrayList<>();
        String issuer = trim(changed.issuer());
        try {
            URI uri = URI.create(issuer);
            if (!("https".equals(uri.getScheme()) || "http".equals(uri.getScheme())) || uri.getHost() == null) {
                problems.add("issuer: an http(s) URL such as https://login.example.com/realms/corp");
            } else {
                outbound.refusals(Map.of("issuer", issuer)).forEach(p -> problems.add("issuer: " + p));
            }
        } catch (IllegalArgumentException e) {
            problems.add("issuer: an http(s) URL such as https://login.example.com/realms/corp");
        }
        if (trim(changed.clientId()).isEmpty()) {
            problems.add("clientId: the client id registered with the provider");
        }
        String secret = changed.clientSecret() == null || changed.clientSecret().isBlank()
                || AuditLog.MASK.equals(changed.clientSecret()) ? null : changed.clientSecret().strip();
        boolean keep = secret == null && before.clientSecret() != null && issuer.equals(before.issuer());
        if (secret == null && !keep) {
            problems.add("clientSecret: required (a stored secret is kept only while the issuer stays the same)");
        }
        List<String> platformValues = values(changed.platformAdminValues());
        List<String> tenantValues = values(changed.tenantAdminValues());
        if (platformValues.isEmpty() && tenantValues.isEmpty()) {
            problems.add("platformAdminValues, tenantAdminValues: at least one value of the role claim must map to a role");
        }
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_SSO, "The single sign-on settings are not valid.", problems);
        }
        String storedSecret = keep ? before.clientSecret() : secrets.encrypt(secret);
        Object[] values = {changed.enabled(), issuer, trim(changed.clientId()), storedSecret,
                orDefault(changed.usernameClaim(), SsoSettings.NONE.usernameClaim()),
                orDefault(changed.roleClaim(), SsoSettings.NONE.roleClaim()), String.join("\n", platformValues),
                String.join("\n", tenantValues), orDefault(changed.tenantsClaim(), SsoSettings.NONE.tenantsClaim()),
                orDefault(changed.buttonLabel(), SsoSettings.NONE.buttonLabel())};
        Object[] updateArgs = java.util.Arrays.copyOf(values, values.length + 1);
        updateArgs[values.length] = 1;
        Object[] insertArgs = new Object[values.length + 1];
        insertArgs[0] = 1;
        System.arraycopy(values, 0, insertArgs, 1, values.length);
        Sql.updateOrInsert(jdbc, "UPDATE sso_settings SET enabled = ?, issuer = ?, client_id = ?, client_secret = ?, "
                        + "username_claim = ?, role_claim = ?, platform_admin_values = ?, tenant_admin_values = ?, "
                        + "tenants_claim = ?, button_label = ? WHERE id = ?", updateArgs,
                "INSERT INTO sso_settings (id, enabled, issuer, client_id, client_secret, username_claim, role_claim, "
                        + "platform_admin_values, tenant_admin_values, tenants_claim, button_label) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", insertArgs);
        registrations.clear();
        SsoSettings after = settings();
        audit.record("settings.sso", null, "single sign-on", masked(before), after);
        return after;
    }

    /**
     * The client registration to sign in with, discovered from the issuer; empty when single sign-on is off or the
     * issuer does not answer (logged; tried again within a minute).
     */
    public Optional<ClientRegistration> registration() {
        return registrations.get(REGISTRATION_ID, id -> {
            SsoSettings s = stored();
            if (!s.enabled() || s.clientSecret() == null) {
                return Optional.empty();
            }
            try {
                return Optional.of(new OidcDiscovery(outbound).discover(s.issuer()).registrationId(id)
                        .clientId(s.clientId()).clientSecret(secrets.decrypt(s.clientSecret()))
                        .scope("openid", "profile", "email").clientName(s.buttonLabel()).build());
            } catch (RuntimeException e) {
                log.warn("Single sign-on: the issuer {} could not be read: {}", s.issuer(), e.getMessage());
                return Optional.empty();
            }
        });
    }

    /** A signed-in person: the Corrigo user name, and the claim it was read from. */
    public record Person(UserDetails user, String usernameClaim) {
    }

    /**
     * The admin a signed-in person is, made or updated now: the user name from the user name claim (else {@code sub}),
     * platform admin or tenant admin by the role claim's values, a tenant admin's tenants from the tenants claim (ids
     * of tenants that exist).
     *
     * @throws ServiceException 403 when no role maps, the user name is not a valid one, or the user is disabled
     */
    public Person signIn(Map<String, Object> claims) {
        SsoSettings s = stored();
        String claim = claims.get(s.usernameClaim()) != null ? s.usernameClaim() : "sub";
        String username = String.valueOf(claims.get(claim));
        if (!AdminUsers.USERNAME.matcher(username).matches()) {
            throw refused("the user name '" + username + "' (claim " + claim + ") is not a valid Corrigo user name");
        }
        Set<String> groups = new TreeSet<>(strings(claims.get(s.roleClaim())));
        Role role = s.platformAdminValues().stream().anyMatch(groups::contains) ? Role.PLATFORM_ADMIN
                : s.tenantAdminValues().stream().anyMatch(groups::contains) ? Role.TENANT_ADMIN : null;
        if (role == null) {
            throw refused("'" + username + "' has no value of claim " + s.roleClaim() + " that maps to a Corrigo role");
        }
        List<String> tenants = role == Role.TENANT_ADMIN ? strings(claims.get(s.tenantsClaim())) : List.of();
        return new Person(users.provision(username, role, tenants), claim);
    }

    private static ServiceException refused(String why) {
        return new ServiceException(ServiceException.Kind.FORBIDDEN, ErrorCode.SSO_REFUSED, "Single sign-on refused: " + why + ".", List.of());
    }

    private SsoSettings stored() {
        List<SsoSettings> rows = jdbc.query("SELECT * FROM sso_settings WHERE id = 1", (rs, i) -> new SsoSettings(
                rs.getBoolean("enabled"), rs.getString("issuer"), rs.getString("client_id"), rs.getString("client_secret"),
                rs.getString("username_claim"), rs.getString("role_claim"), lines(rs.getString("platform_admin_values")),
                lines(rs.getString("tenant_admin_values")), rs.getString("tenants_claim"), rs.getString("button_label")));
        return rows.isEmpty() ? SsoSettings.NONE : rows.get(0);
    }

    private static SsoSettings masked(SsoSettings s) {
        return new SsoSettings(s.enabled(), s.issuer(), s.clientId(), s.clientSecret() == null ? null : AuditLog.MASK,
                s.usernameClaim(), s.roleClaim(), s.platformAdminValues(), s.tenantAdminValues(), s.tenantsClaim(), s.buttonLabel());
    }

    private static List<String> strings(Object claim) {
        if (claim instanceof Collection<?> many) {
            return many.stream().map(String::valueOf).map(String::strip).filter(v -> !v.isEmpty()).toList();
        }
        return claim == null ? List.of() : values(List.of(String.valueOf(claim).split("[,\\s]+")));
    }

    private static List<String> values(List<String> values) {
        return values == null ? List.of() : values.stream().filter(v -> v != null && !v.isBlank()).map(String::strip).distinct().toList();
    }

    private static List<String> lines(String text) {
        return text == null || text.isBlank() ? List.of() : List.of(text.split("\n"));
    }

    private static String trim(String value) {
        return value == null ? "" : value.strip();
    }

    private static String orDefault(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value.strip();
    }
}

package io.corrigo.server.access;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.Recently;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.problem.ServiceException;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Creates, lists, revokes and checks a tenant's keys. The key itself is shown once, at creation. */
@Service
public class ApiKeys {

    private final ApiKeyRepository keys;
    private final TenantService tenants;
    private final Clock clock;
    private final AuditLog audit;
    /**
     * Live keys by hash, read on every widget request: kept for {@link TenantService#CACHE_TTL}; a revocation here
     * applies at once, on another host within that time.
     */
    private final Recently<String, KeyView> recent = new Recently<>(TenantService.CACHE_TTL, 10_000);

    ApiKeys(ApiKeyRepository keys, TenantService tenants, Clock clock, AuditLog audit) {
        this.audit = audit;
        this.keys = keys;
        this.tenants = tenants;
        this.clock = clock;
    }

    /** A new key and its value, which is not stored and cannot be shown again. */
    public record CreatedKey(KeyView key, String value) {
    }

    /**
     * @param allowedOrigins for a publishable key: the web origins it may be used from (at least one)
     * @throws ServiceException 400 for a bad name or origin, 404 for an unknown tenant
     */
    @Transactional
    public CreatedKey create(String tenantId, KeyKind kind, String name, List<String> allowedOrigins) {
        return create(tenantId, kind, name, allowedOrigins, List.of(), List.of());
    }

    /**
     * As {@link #create(String, KeyKind, String, List)}, for people of {@code groups} (what its questions may read
     * beside what everyone may), searching {@code collections} by default.
     */
    @Transactional
    public CreatedKey create(String tenantId, KeyKind kind, String name, List<String> allowedOrigins, List<String> groups,
                             List<String> collections) {
        tenants.find(tenantId);
        List<String> problems = new ArrayList<>();
        if (kind == null) {
            problems.add("kind: PUBLISHABLE or SECRET");
        }
        if (name == null || name.isBlank() || name.length() > 100) {
            problems.add("name: 1-100 characters");
        } else if (io.corrigo.server.DisplayNames.hasHiddenCharacters(name)) {
            problems.add("name: no control or text-direction characters");
        }
        List<String> origins = new ArrayList<>();
        for (String origin : allowedOrigins == null ? List.<String>of() : allowedOrigins) {
            normalizeOrigin(origin).ifPresentOrElse(origins::add,
                    () -> problems.add("allowedOrigins: '" + origin + "' is not an origin like https://shop.example.com"));
        }
        if (kind == KeyKind.PUBLISHABLE && origins.isEmpty() && problems.stream().noneMatch(p -> p.startsWith("allowedOrigins"))) {
            problems.add("allowedOrigins: a publishable key needs at least one origin it may be used from");
        }
        scopeProblems(groups, collections, problems);
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_KEY, "The key is not valid.", problems);
        }
        String key = io.corrigo.server.Tokens.random(kind.prefix());
        ApiKey row = keys.save(new ApiKey("key-" + UUID.randomUUID().toString().substring(0, 13), tenantId, kind,
                name.trim(), key.substring(0, 10), hash(key), kind == KeyKind.PUBLISHABLE ? origins : List.of(),
                clock.instant()));
        row.scope(names(groups), names(collections));
        row = keys.save(row);
        audit.record("key.create", tenantId, row.view().id(), null, row.view());
        return new CreatedKey(row.view(), key);
    }

    @Transactional(readOnly = true)
    public List<KeyView> list(String tenantId) {
        tenants.find(tenantId);
        return keys.findByTenantIdOrderByCreatedAtDesc(tenantId).stream().map(ApiKey::view).toList();
    }

    private static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[a-z0-9][a-z0-9-]{0,39}");

    private static List<String> names(List<String> names) {
        return names == null ? List.of() : List.copyOf(new java.util.LinkedHashSet<>(names));
    }

    private static void scopeProblems(List<String> groups, List<String> collections, List<String> problems) {
        for (String group : names(groups)) {
            if (group == null || !NAME.matcher(group).matches()) {
                problems.add("groups: '" + group + "' is not a group name (1-40 lower-case letters, digits and dashes)");
            }
        }
        for (String collection : names(collections)) {
            if (collection == null || !NAME.matcher(collection).matches()) {
                problems.add("collections: '" + collection + "' is not a collection name (1-40 lower-case letters, digits and dashes)");
            }
        }
    }

    /**
     * Sets the groups a key's questions read as and the collections they search by default; takes effect with the
     * next request. @throws ServiceException 400 for a bad name, 404 for a key of another tenant or none
     */
    @Transactional
    public KeyView rescope(String tenantId, String keyId, List<String> groups, List<String> collections) {
        tenants.find(tenantId);
        ApiKey key = keys.findById(keyId).filter(k -> k.tenantId().equals(tenantId))
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.KEY_NOT_FOUND, "No key '" + keyId + "'."));
        KeyView before = key.view();
        List<String> problems = new ArrayList<>();
        scopeProblems(groups, collections, problems);
        if (!problems.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_KEY, "The key's groups or collections are not valid.", problems);
        }
        key.scope(groups == null ? before.groups() : names(groups), collections == null ? before.collections() : names(collections));
        recent.clear(); // authenticated keys are cached with their groups
        KeyView after = keys.save(key).view();
        audit.record("key.scope", tenantId, keyId, before, after);
        return after;
    }

    /** @throws ServiceException 404 for a key of another tenant or none */
    @Transactional
    public KeyView revoke(String tenantId, String keyId) {
        tenants.find(tenantId);
        ApiKey key = keys.findById(keyId).filter(k -> k.tenantId().equals(tenantId))
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.KEY_NOT_FOUND, "No key '" + keyId + "'."));
        KeyView before = key.view();
        key.revoke(clock.instant());
        recent.clear(); // the cache is keyed by the key's hash: forget every key (revocations are rare)
        KeyView after = keys.save(key).view();
        audit.record("key.revoke", tenantId, keyId, before, after);
        return after;
    }

    /** The live key with this value (not revoked, its tenant enabled). */
    @Transactional(readOnly = true)
    public Optional<KeyView> authenticate(String value) {
        if (value == null || value.length() < 10 || value.length() > 100) {
            return Optional.empty();
        }
        KeyView live = recent.get(hash(value), h -> keys.findByKeyHash(h).filter(k -> !k.revoked())
                .map(ApiKey::view).orElse(null));
        return Optional.ofNullable(live).filter(k -> tenants.find(k.tenant()).enabled());
    }

    /** {@code https://Shop.example.com:443/} → {@code https://shop.example.com}; empty when not an http(s) origin. */
    static Optional<String> normalizeOrigin(String origin) {
        try {
            URI uri = URI.create(origin == null ? "" : origin.trim());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null
                    || (uri.getPath() != null && !uri.getPath().isEmpty() && !uri.getPath().equals("/"))
                    || uri.getQuery() != null || uri.getUserInfo() != null) {
                return Optional.empty();
            }
            int port = uri.getPort();
            boolean defaultPort = port == -1 || (scheme.equals("http") && port == 80) || (scheme.equals("https") && port == 443);
            return Optional.of(scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    static String hash(String value) {
        return io.corrigo.server.Tokens.sha256Hex(value);
    }
}

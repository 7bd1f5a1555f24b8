package io.corrigo.server.access;

import io.corrigo.server.tenant.TenantService;
import java.time.Duration;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * A tenant's secret key presented as {@code Authorization: Bearer sk_…}, and the rate limits it answers to: one
 * place for the endpoints that server-side clients call with it (the OpenAI-compatible API and the retrieval API),
 * each of which reports a refusal in its own wire format.
 */
@Component
class SecretKeys {

    private final ApiKeys keys;
    private final RateLimits limits;
    private final TenantService tenants;

    SecretKeys(ApiKeys keys, RateLimits limits, TenantService tenants) {
        this.keys = keys;
        this.limits = limits;
        this.tenants = tenants;
    }

    /** Whether the header has the {@code Bearer <token>} form at all. */
    static boolean isBearer(String authorization) {
        return authorization != null && authorization.startsWith("Bearer ") && !authorization.substring(7).isBlank();
    }

    /** The live secret key of the header; empty for a missing, malformed, unknown, revoked or publishable one. */
    Optional<KeyView> authenticate(String authorization) {
        String value = isBearer(authorization) ? authorization.substring(7).trim() : null;
        return keys.authenticate(value).filter(k -> k.kind() == KeyKind.SECRET);
    }

    /** How long the key must wait when it is over its tenant's limits; empty when it may go on (and is counted). */
    Optional<Duration> throttle(KeyView key) {
        return limits.acquire("key:" + key.id(), tenants.widget(key.tenant()), true);
    }
}

package io.corrigo.server.health;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.web.QueryParameters;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/tenants/{t}/health}: a tenant's health over a window (ISO-8601 {@code from}, {@code to}, and a
 * {@code bucket} of whole hours: {@code PT1H}, {@code PT6H}, {@code P1D}); its bands; {@code /api/v1/health}: every
 * tenant within reach.
 */
@RestController
class HealthController {

    private final HealthService health;
    private final HealthWatch watch;
    private final Webhooks webhooks;

    HealthController(HealthService health, HealthWatch watch, Webhooks webhooks) {
        this.health = health;
        this.watch = watch;
        this.webhooks = webhooks;
    }

    /** The tenant's latest alerts (level changes of its banded metrics and breakers), newest first. */
    @GetMapping("/api/v1/tenants/{tenant}/alerts")
    List<HealthAlert> alerts(@PathVariable String tenant, @RequestParam(defaultValue = "50") int limit) {
        return watch.alerts(tenant, limit);
    }

    /** Checks the tenant's health now (the watch does every minute); returns the alerts this check recorded. */
    @org.springframework.web.bind.annotation.PostMapping("/api/v1/tenants/{tenant}/health/check")
    List<HealthAlert> check(@PathVariable String tenant) {
        health.bands(tenant); // the tenant's scope is checked first
        return watch.check(tenant);
    }

    /**
     * A tenant's webhook.
     *
     * @param url     where alerts are POSTed
     * @param secret  the HMAC-SHA256 signing secret (at least 16 characters; omit to keep the stored one)
     * @param enabled whether alerts are sent
     */
    record WebhookRequest(String url, String secret, Boolean enabled) {
    }

    @GetMapping("/api/v1/tenants/{tenant}/webhook")
    org.springframework.http.ResponseEntity<Webhooks.WebhookView> webhook(@PathVariable String tenant) {
        return webhooks.webhook(tenant).map(org.springframework.http.ResponseEntity::ok)
                .orElseThrow(() -> ServiceException.notFound(ErrorCode.WEBHOOK_NOT_FOUND, "Tenant '" + tenant + "' has no webhook."));
    }

    @PutMapping("/api/v1/tenants/{tenant}/webhook")
    Webhooks.WebhookView saveWebhook(@PathVariable String tenant, @RequestBody WebhookRequest request) {
        return webhooks.save(tenant, request.url(), request.secret(), request.enabled() == null || request.enabled());
    }

    @org.springframework.web.bind.annotation.DeleteMapping("/api/v1/tenants/{tenant}/webhook")
    org.springframework.http.ResponseEntity<Void> deleteWebhook(@PathVariable String tenant) {
        webhooks.delete(tenant);
        return org.springframework.http.ResponseEntity.noContent().build();
    }

    /** The latest delivery attempts of the tenant's alerts: status or error, attempt number. */
    @GetMapping("/api/v1/tenants/{tenant}/webhook/deliveries")
    List<Webhooks.Delivery> deliveries(@PathVariable String tenant, @RequestParam(defaultValue = "50") int limit) {
        return webhooks.deliveries(tenant, limit);
    }

    @GetMapping("/api/v1/tenants/{tenant}/health")
    HealthService.Health health(@PathVariable String tenant, @RequestParam(required = false) String from,
                                @RequestParam(required = false) String to, @RequestParam(required = false) String bucket) {
        return health.health(tenant, QueryParameters.instant("from", from), QueryParameters.instant("to", to), duration(bucket));
    }

    /** The questions that went unanswered, grouped by similar wording (default: the last 30 days). */
    @GetMapping("/api/v1/tenants/{tenant}/health/gaps")
    List<KnowledgeGaps.Gap> gaps(@PathVariable String tenant, @RequestParam(required = false) String from,
                                 @RequestParam(required = false) String to) {
        return health.gaps(tenant, QueryParameters.instant("from", from), QueryParameters.instant("to", to));
    }

    @GetMapping("/api/v1/health")
    List<HealthService.TenantHealth> overview(@RequestParam(required = false) String from,
                                              @RequestParam(required = false) String to) {
        return health.overview(QueryParameters.instant("from", from), QueryParameters.instant("to", to));
    }

    @GetMapping("/api/v1/tenants/{tenant}/health/bands")
    List<HealthBand> bands(@PathVariable String tenant) {
        return health.bands(tenant);
    }

    /** Sets thresholds per metric: {@code {"fallbackRate": {"warn": 0.2, "alert": 0.4}}}. */
    @PutMapping("/api/v1/tenants/{tenant}/health/bands")
    List<HealthBand> saveBands(@PathVariable String tenant, @RequestBody Map<String, HealthService.Thresholds> bands) {
        return health.saveBands(tenant, bands);
    }


    private static Duration duration(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Duration.parse(value.strip().toUpperCase(java.util.Locale.ROOT));
        } catch (DateTimeParseException e) {
            throw ServiceException.invalid(ErrorCode.INVALID_BUCKET, "'bucket' is an ISO-8601 duration of whole hours "
                    + "(PT1H, PT6H, P1D), not '" + value + "'.");
        }
    }
}

package io.corrigo.server.health;

import io.corrigo.server.problem.ServiceException;
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

    HealthController(HealthService health) {
        this.health = health;
    }

    @GetMapping("/api/v1/tenants/{tenant}/health")
    HealthService.Health health(@PathVariable String tenant, @RequestParam(required = false) String from,
                                @RequestParam(required = false) String to, @RequestParam(required = false) String bucket) {
        return health.health(tenant, instant("from", from), instant("to", to), duration(bucket));
    }

    @GetMapping("/api/v1/health")
    List<HealthService.TenantHealth> overview(@RequestParam(required = false) String from,
                                              @RequestParam(required = false) String to) {
        return health.overview(instant("from", from), instant("to", to));
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

    private static Instant instant(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Instant.parse(value.strip());
        } catch (DateTimeParseException e) {
            throw ServiceException.invalid("invalid_window", "'" + name + "' is an ISO-8601 instant such as "
                    + "2026-11-25T00:00:00Z, not '" + value + "'.");
        }
    }

    private static Duration duration(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Duration.parse(value.strip().toUpperCase(java.util.Locale.ROOT));
        } catch (DateTimeParseException e) {
            throw ServiceException.invalid("invalid_bucket", "'bucket' is an ISO-8601 duration of whole hours "
                    + "(PT1H, PT6H, P1D), not '" + value + "'.");
        }
    }
}

package io.corrigo.server.health;

import io.corrigo.server.problem.ErrorCode;
import io.corrigo.server.audit.AuditLog;
import io.corrigo.server.audit.AuditedRow;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.engine.trace.Failures;
import io.corrigo.server.DaemonThreads;
import io.corrigo.server.outbound.OutboundPolicy;
import io.corrigo.server.problem.ServiceException;
import io.corrigo.server.secrets.SecretBox;
import io.corrigo.server.tenant.TenantService;
import jakarta.annotation.PreDestroy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import io.corrigo.server.Sql;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

/**
 * A tenant's webhook and the delivery of its health alerts: a JSON POST signed with HMAC-SHA256 (header
 * {@code X-Corrigo-Signature: t=<unix seconds>,v1=<hex of HMAC(secret, "<t>.<body>")>}), answered 2xx or tried again
 * after 1, 4, 16 … times {@code corrigo.webhooks.backoff-millis}, at most {@code corrigo.webhooks.attempts} times;
 * every attempt is logged. The URL is held to the host's outbound policy (no internal addresses unless allowed) when
 * it is saved and again before each delivery; redirects are not followed.
 */
@Service
public class Webhooks {

    private static final Logger log = LoggerFactory.getLogger(Webhooks.class);
    static final int MIN_SECRET = 16;

    /** A tenant's webhook as admins see it: the secret is never shown again. */
    public record WebhookView(String url, boolean enabled, boolean hasSecret) {
    }

    /** One delivery attempt. */
    public record Delivery(long id, long alertId, int attempt, Integer statusCode, String error, boolean delivered,
                           Instant createdAt) {
    }

    private final TenantService tenants;
    private final JdbcTemplate jdbc;
    private final SecretBox secrets;
    private final OutboundPolicy outbound;
    private final ObjectMapper json;
    private final Clock clock;
    private final int attempts;
    private final long backoffMillis;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private final ScheduledExecutorService senders = Executors.newScheduledThreadPool(2,
            DaemonThreads.named("corrigo-webhook"));

    private final AuditedRow<WebhookView> row;

    Webhooks(TenantService tenants, JdbcTemplate jdbc, SecretBox secrets, OutboundPolicy outbound, ObjectMapper json,
             Clock clock, @Value("${corrigo.webhooks.attempts:4}") int attempts,
             @Value("${corrigo.webhooks.backoff-millis:1000}") long backoffMillis, AuditLog audit) {
        this.row = new AuditedRow<>(jdbc, audit, "tenant_webhook", "settings.webhook", "webhook", this::webhook);
        this.tenants = tenants;
        this.jdbc = jdbc;
        this.secrets = secrets;
        this.outbound = outbound;
        this.json = json;
        this.clock = clock;
        this.attempts = Math.max(1, attempts);
        this.backoffMillis = Math.max(1, backoffMillis);
    }

    /** The tenant's webhook, if it has one. @throws ServiceException 404 */
    public Optional<WebhookView> webhook(String tenantId) {
        tenants.require(tenantId);
        return jdbc.query("SELECT url, enabled FROM tenant_webhook WHERE tenant_id = ?",
                (rs, n) -> new WebhookView(rs.getString(1), rs.getBoolean(2), true), tenantId).stream().findFirst();
    }

    /**
     * Sets the tenant's webhook. A {@code null} or blank secret keeps the stored one (a new webhook needs one).
     * @throws ServiceException 400 for a URL that is not http(s) or that the outbound policy refuses, a short secret
     */
    public WebhookView save(String tenantId, String url, String secret, boolean enabled) {
        tenants.require(tenantId);
        URI uri;
        try {
            uri = URI.create(url == null ? "" : url.strip());
        } catch (IllegalArgumentException e) {
            throw ServiceException.invalid(ErrorCode.INVALID_WEBHOOK, "The webhook URL is not a URL: " + e.getMessage());
        }
        if (!("https".equals(uri.getScheme()) || "http".equals(uri.getScheme())) || uri.getHost() == null) {
            throw ServiceException.invalid(ErrorCode.INVALID_WEBHOOK, "The webhook URL must be an http(s) URL with a host.");
        }
        List<String> refused = outbound.refusals(Map.of("url", uri.toString()));
        if (!refused.isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_WEBHOOK, "The host may not call this address.", refused);
        }
        boolean keep = secret == null || secret.isBlank();
        if (!keep && secret.strip().length() < MIN_SECRET) {
            throw ServiceException.invalid(ErrorCode.INVALID_WEBHOOK, "The signing secret has at least " + MIN_SECRET + " characters.");
        }
        if (keep && webhook(tenantId).isEmpty()) {
            throw ServiceException.invalid(ErrorCode.INVALID_WEBHOOK, "A new webhook needs a signing secret (at least "
                    + MIN_SECRET + " characters).");
        }
        return row.save(tenantId, () -> {
            if (keep) {
                jdbc.update("UPDATE tenant_webhook SET url = ?, enabled = ? WHERE tenant_id = ?", uri.toString(), enabled, tenantId);
            } else {
                String stored = secrets.encrypt(secret.strip());
                Sql.updateOrInsert(jdbc, "UPDATE tenant_webhook SET url = ?, secret = ?, enabled = ? WHERE tenant_id = ?",
                        new Object[] {uri.toString(), stored, enabled, tenantId},
                        "INSERT INTO tenant_webhook (tenant_id, url, secret, enabled) VALUES (?, ?, ?, ?)",
                        new Object[] {tenantId, uri.toString(), stored, enabled});
            }
        });
    }

    /** Removes the tenant's webhook. */
    public void delete(String tenantId) {
        tenants.require(tenantId);
        row.delete(tenantId, () -> { });
    }

    /** The tenant's latest delivery attempts, newest first. */
    public List<Delivery> deliveries(String tenantId, int limit) {
        tenants.require(tenantId);
        return jdbc.query("SELECT id, alert_id, attempt, status_code, error, delivered, created_at FROM webhook_delivery "
                        + "WHERE tenant_id = ? ORDER BY id DESC FETCH FIRST " + Math.max(1, Math.min(500, limit)) + " ROWS ONLY",
                (rs, n) -> new Delivery(rs.getLong(1), rs.getLong(2), rs.getInt(3),
                        rs.getObject(4) == null ? null : rs.getInt(4), rs.getString(5), rs.getBoolean(6),
                        rs.getObject(7, OffsetDateTime.class).toInstant()), tenantId);
    }

    /** Sends {@code alert} to its tenant's webhook, if one is enabled, in the background. */
    void deliver(HealthAlert alert) {
        List<String[]> hook = jdbc.query("SELECT url, secret FROM tenant_webhook WHERE tenant_id = ? AND enabled = TRUE",
                (rs, n) -> new String[] {rs.getString(1), rs.getString(2)}, alert.tenant());
        if (hook.isEmpty()) {
            return;
        }
        String body;
        try {
            Map<String, Object> payload = new LinkedHashMap<>();
            payload.put("type", "health.alert");
            payload.put("alert", alert);
            body = json.writeValueAsString(payload);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        senders.execute(() -> attempt(alert, hook.get(0)[0], hook.get(0)[1], body, 1));
    }

    private void attempt(HealthAlert alert, String url, String storedSecret, String body, int attempt) {
        Integer status = null;
        String error = null;
        try {
            List<String> refused = outbound.refusals(Map.of("url", url)); // a name may resolve elsewhere by now
            if (!refused.isEmpty()) {
                throw new IllegalStateException(String.join("; ", refused));
            }
            long t = clock.instant().getEpochSecond();
            HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json")
                    .header("User-Agent", "Corrigo-Webhook/1")
                    .header("X-Corrigo-Event", "health.alert")
                    .header("X-Corrigo-Delivery", alert.id() + "-" + attempt)
                    .header("X-Corrigo-Signature", "t=" + t + ",v1=" + sign(secrets.decrypt(storedSecret), t + "." + body))
                    .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build();
            status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            error = "interrupted";
        } catch (Exception e) {
            error = Failures.describe(e);
        }
        boolean delivered = status != null && status >= 200 && status < 300;
        try {
            jdbc.update("INSERT INTO webhook_delivery (tenant_id, alert_id, attempt, status_code, error, delivered, created_at) "
                            + "VALUES (?, ?, ?, ?, ?, ?, ?)", alert.tenant(), alert.id(), attempt, status,
                    error == null ? null : error.substring(0, Math.min(1000, error.length())), delivered,
                    Sql.utc(clock.instant()));
        } catch (RuntimeException e) {
            log.warn("Webhook delivery {} of alert {} could not be logged: {}", attempt, alert.id(), e.toString());
        }
        if (!delivered && attempt < attempts) {
            long wait = backoffMillis * (1L << (2 * (attempt - 1))); // 1, 4, 16, ... times the base
            senders.schedule(() -> attempt(alert, url, storedSecret, body, attempt + 1), wait, TimeUnit.MILLISECONDS);
        } else if (!delivered) {
            log.warn("Tenant {}: alert {} was not delivered to its webhook after {} attempts (last: {})", alert.tenant(),
                    alert.id(), attempt, status != null ? "HTTP " + status : error);
        }
    }

    /** The hex HMAC-SHA256 of {@code payload} with {@code secret}: what a receiver recomputes to check a delivery. */
    public static String sign(String secret, String payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException(e);
        }
    }

    @PreDestroy
    void stop() {
        senders.shutdownNow();
    }
}

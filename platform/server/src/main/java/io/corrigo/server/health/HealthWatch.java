package io.corrigo.server.health;

import io.corrigo.server.resilience.GuardStatus;
import io.corrigo.server.resilience.PluginGuards;
import io.corrigo.server.tenant.TenantService;
import io.corrigo.server.tenant.TenantView;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import io.corrigo.server.Sql;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Watches every enabled tenant's health over the last minutes ({@code corrigo.health.watch-window-minutes}, 15) each
 * {@code corrigo.health.watch-millis} (a minute): each banded metric over the window, once it rests on at least
 * {@code corrigo.health.min-runs} observations (20 runs; 20 ratings for the helpful rate), counting the runs the health
 * cards count (an admin's playground trials only with {@code corrigo.runs.playground-in-health}), and each circuit
 * breaker of the tenant. When a metric's level changes
 * (OK, WARN, ALERT) an alert is recorded, shown on the dashboard and sent to the tenant's webhook; a level that stays
 * is not repeated. The level is kept in the database, so several hosts agree on it; two hosts that check at the same
 * moment may each record the change (rare, harmless: the receiver sees the same level twice).
 */
@Component
public class HealthWatch {

    private static final Logger log = LoggerFactory.getLogger(HealthWatch.class);
    private static final String OK = HealthBand.Level.OK.name();

    private final TenantService tenants;
    private final HealthService health;
    private final PluginGuards guards;
    private final Webhooks webhooks;
    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final Duration window;
    private final int minRuns;
    private final boolean playgroundInHealth;

    HealthWatch(TenantService tenants, HealthService health, PluginGuards guards, Webhooks webhooks, JdbcTemplate jdbc,
                Clock clock, @Value("${corrigo.health.watch-window-minutes:15}") int windowMinutes,
                @Value("${corrigo.health.min-runs:20}") int minRuns,
                io.corrigo.server.CorrigoProperties properties) {
        this.playgroundInHealth = properties.runs().playgroundInHealth(); // as the health cards' sums (RunRollups)
        this.tenants = tenants;
        this.health = health;
        this.guards = guards;
        this.webhooks = webhooks;
        this.jdbc = jdbc;
        this.clock = clock;
        this.window = Duration.ofMinutes(Math.max(1, windowMinutes));
        this.minRuns = Math.max(1, minRuns);
    }

    /** Checks every enabled tenant; a tenant that fails to be checked is logged and the others go on. */
    @Scheduled(fixedDelayString = "${corrigo.health.watch-millis:60000}", initialDelayString = "${corrigo.health.watch-millis:60000}")
    public void checkAll() {
        for (TenantView tenant : tenants.list()) {
            if (!tenant.enabled()) {
                continue;
            }
            try {
                check(tenant.id());
            } catch (RuntimeException e) {
                log.warn("Health watch of tenant {} failed: {}", tenant.id(), e.toString());
            }
        }
    }

    /** Checks one tenant now; returns the alerts recorded (level changes). @throws io.corrigo.server.problem.ServiceException 404 */
    public List<HealthAlert> check(String tenantId) {
        Instant now = clock.instant();
        HealthService.Figures figures = health.recent(tenantId, now.minus(window), now, playgroundInHealth);
        Map<String, Observed> observed = new LinkedHashMap<>();
        if (figures.runs() >= minRuns) {
            for (HealthBand band : health.bands(tenantId)) {
                if (figures.sample(band.metric()) < minRuns) {
                    continue; // one rating is no helpful rate: each metric waits for its own minimum sample
                }
                Double value = figures.metric(band.metric());
                HealthBand.Level level = band.level(value);
                if (level != HealthBand.Level.NO_DATA) {
                    observed.put(band.metric(), new Observed(level.name(), value, band, figures.runs()));
                }
            }
        }
        for (GuardStatus guard : guards.status(tenantId)) {
            boolean open = guard.state().contains("OPEN") && !guard.state().equals("HALF_OPEN");
            observed.put("breaker:" + guard.provider(), new Observed(open ? HealthBand.Level.ALERT.name() : OK, null, null, 0));
        }
        Map<String, String> before = new HashMap<>();
        jdbc.query("SELECT metric, level FROM health_alert_state WHERE tenant_id = ?",
                rs -> {
                    before.put(rs.getString(1), rs.getString(2));
                }, tenantId);
        List<HealthAlert> recorded = new ArrayList<>();
        observed.forEach((metric, o) -> {
            String previous = before.getOrDefault(metric, OK);
            if (previous.equals(o.level())) {
                return;
            }
            setState(tenantId, metric, o.level(), now);
            HealthAlert alert = record(tenantId, metric, o, previous, now);
            recorded.add(alert);
            webhooks.deliver(alert);
        });
        return recorded;
    }

    /**
     * Records an alert found elsewhere (a scheduled evaluation that fell beyond its tolerance) and sends it to the
     * tenant's webhook, as a level change of {@code metric}.
     */
    public HealthAlert raise(String tenantId, String metric, HealthBand.Level level, Double value, Double threshold,
                             String message) {
        Instant now = clock.instant();
        String previous = jdbc.queryForList("SELECT level FROM health_alert_state WHERE tenant_id = ? AND metric = ?",
                String.class, tenantId, metric).stream().findFirst().orElse(OK);
        setState(tenantId, metric, level.name(), now);
        HealthAlert alert = insert(tenantId, metric, level.name(), previous, value, threshold, message, now);
        webhooks.deliver(alert);
        return alert;
    }

    /** What one metric was seen at. */
    private record Observed(String level, Double value, HealthBand band, long runs) {
    }

    private HealthAlert record(String tenantId, String metric, Observed o, String previous, Instant now) {
        Double threshold = o.band() == null || OK.equals(o.level()) ? null
                : o.level().equals(HealthBand.Level.ALERT.name()) ? o.band().alert() : o.band().warn();
        String message = message(metric, o, previous, threshold);
        return insert(tenantId, metric, o.level(), previous, o.value(), threshold, message, now);
    }

    private HealthAlert insert(String tenantId, String metric, String level, String previous, Double value,
                               Double threshold, String message, Instant now) {
        GeneratedKeyHolder key = new GeneratedKeyHolder();
        jdbc.update(connection -> {
            var statement = connection.prepareStatement("INSERT INTO health_alert (tenant_id, metric, level, previous, "
                    + "metric_value, threshold, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", new String[] {"id"});
            statement.setString(1, tenantId);
            statement.setString(2, metric);
            statement.setString(3, level);
            statement.setString(4, previous);
            statement.setObject(5, value);
            statement.setObject(6, threshold);
            statement.setString(7, message);
            statement.setObject(8, Sql.utc(now));
            return statement;
        }, key);
        long id = key.getKey().longValue();
        log.info("Tenant {}: {}", tenantId, message);
        return new HealthAlert(id, tenantId, metric, level, previous, value, threshold, message, now);
    }

    private String message(String metric, Observed o, String previous, Double threshold) {
        if (metric.startsWith("breaker:")) {
            return HealthAlert.message(OK.equals(o.level()) ? HealthAlert.BREAKER_CLOSED : HealthAlert.BREAKER_OPENED,
                    metric.substring(8));
        }
        String value = format(metric, o.value());
        long minutes = window.toMinutes();
        if (OK.equals(o.level())) {
            return HealthAlert.message(HealthAlert.RECOVERED, metric, value, minutes, o.runs());
        }
        boolean alert = o.level().equals(HealthBand.Level.ALERT.name());
        String template = o.band().higherIsBetter() ? (alert ? HealthAlert.FELL_ALERT : HealthAlert.FELL_WARN)
                : (alert ? HealthAlert.ROSE_ALERT : HealthAlert.ROSE_WARN);
        return HealthAlert.message(template, metric, value, minutes, o.runs(), format(metric, threshold),
                previous.toLowerCase(Locale.ROOT), o.band().meaning());
    }

    private static String format(String metric, Double v) {
        if (v == null) {
            return "—";
        }
        return metric.endsWith("Millis") ? String.format(Locale.ROOT, "%.0f ms", v)
                : metric.equals("meanUsefulness") ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.0f %%", 100 * v);
    }

    private void setState(String tenantId, String metric, String level, Instant now) {
        OffsetDateTime at = Sql.utc(now);
        Sql.updateOrInsert(jdbc, "UPDATE health_alert_state SET level = ?, since = ? WHERE tenant_id = ? AND metric = ?",
                new Object[] {level, at, tenantId, metric},
                "INSERT INTO health_alert_state (tenant_id, metric, level, since) VALUES (?, ?, ?, ?)",
                new Object[] {tenantId, metric, level, at});
    }

    /** The tenant's latest alerts, newest first. @throws io.corrigo.server.problem.ServiceException 404 */
    public List<HealthAlert> alerts(String tenantId, int limit) {
        tenants.require(tenantId);
        return jdbc.query("SELECT id, tenant_id, metric, level, previous, metric_value, threshold, message, created_at "
                        + "FROM health_alert WHERE tenant_id = ? ORDER BY id DESC FETCH FIRST "
                        + Math.max(1, Math.min(500, limit)) + " ROWS ONLY",
                (rs, n) -> new HealthAlert(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getString(5), rs.getObject(6) == null ? null : rs.getDouble(6),
                        rs.getObject(7) == null ? null : rs.getDouble(7), rs.getString(8),
                        rs.getObject(9, OffsetDateTime.class).toInstant()), tenantId);
    }
}

package io.corrigo.server;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import org.springframework.scheduling.support.CronExpression;

/** Six-field cron schedules (second minute hour day month weekday, Spring's form) in the host's time zone. */
public final class Cron {

    private Cron() {
    }

    /** Why {@code cron} is not a schedule, in the parser's words; empty when it is one. */
    public static Optional<String> problem(String cron) {
        try {
            CronExpression.parse(cron == null ? "" : cron.strip());
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(String.valueOf(e.getMessage()));
        }
    }

    /** When {@code cron} fires next after {@code after}; {@code null} for no schedule, no start, or one never firing. */
    public static Instant next(String cron, Instant after) {
        if (cron == null || after == null) {
            return null;
        }
        try {
            var next = CronExpression.parse(cron).next(after.atZone(ZoneId.systemDefault()));
            return next == null ? null : next.toInstant();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}

package io.corrigo.server.health;

import java.time.Instant;

/**
 * A metric of a tenant that changed level over the watch window: it crossed a band (worse or back), or a circuit
 * breaker opened or closed.
 *
 * @param id        its number
 * @param metric    the banded metric ({@code fallbackRate}, ...), or {@code breaker:<provider>}
 * @param level     the level now: OK, WARN or ALERT
 * @param previous  the level before
 * @param value     the metric's value over the window ({@code null} for a breaker)
 * @param threshold the threshold crossed ({@code null} when it recovered, or for a breaker)
 * @param message   what happened, in a sentence
 */
public record HealthAlert(long id, String tenant, String metric, String level, String previous, Double value,
                          Double threshold, String message, Instant createdAt) {
}

package io.corrigo.server.health;

import java.time.Instant;
import java.util.List;

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

    /** A circuit breaker ({0}: the provider) closed. */
    public static final String BREAKER_CLOSED = "The circuit breaker of {0} closed again.";
    /** A circuit breaker ({0}: the provider) opened. */
    public static final String BREAKER_OPENED = "The circuit breaker of {0} opened: its calls fail fast and runs degrade.";
    /** A metric ({0}) back in its band: its value {1} over the last {2} minutes ({3} runs). */
    public static final String RECOVERED = "{0} is back within its band: {1} over the last {2} min ({3} runs).";
    /** A metric ({0}) that fell to {1} over {2} minutes ({3} runs) below its threshold {4}, from level {5}; {6} the band's meaning. */
    public static final String FELL_WARN = "{0} fell to {1} over the last {2} min ({3} runs), below its warning threshold {4} (was {5}). {6}";
    /** As {@link #FELL_WARN}, below the alert threshold. */
    public static final String FELL_ALERT = "{0} fell to {1} over the last {2} min ({3} runs), below its alert threshold {4} (was {5}). {6}";
    /** As {@link #FELL_WARN}, for a metric where lower is better that rose above its warning threshold. */
    public static final String ROSE_WARN = "{0} rose to {1} over the last {2} min ({3} runs), above its warning threshold {4} (was {5}). {6}";
    /** As {@link #ROSE_WARN}, above the alert threshold. */
    public static final String ROSE_ALERT = "{0} rose to {1} over the last {2} min ({3} runs), above its alert threshold {4} (was {5}). {6}";
    /** A scheduled evaluation of a set ({0}) that failed ({1}: the error). */
    public static final String EVALUATION_FAILED = "The scheduled evaluation of set '{0}' failed: {1}";
    /** A scheduled evaluation of a set ({0}) that fell beyond its tolerance ({5}): route accuracy {1} → {2}, faithfulness {3} → {4}. */
    public static final String EVALUATION_FELL = "The scheduled evaluation of set '{0}' fell: route accuracy {1} → {2}, "
            + "faithfulness {3} → {4} (tolerance {5}). Compare the two reports on the Evaluation page.";
    /** The earlier level a message names ({5} of the band messages), lower case. */
    public static final List<String> LEVELS = List.of("ok", "warn", "alert");

    /** Every shape {@link #message()} takes, {0}, {1} … standing for its values: the admin UI says them in the admin's language. */
    public static final List<String> MESSAGES = List.of(BREAKER_CLOSED, BREAKER_OPENED, RECOVERED, FELL_WARN, FELL_ALERT,
            ROSE_WARN, ROSE_ALERT, EVALUATION_FAILED, EVALUATION_FELL);

    /** {@code template} with {@code {i}} replaced by the i-th value. */
    public static String message(String template, Object... values) {
        String text = template;
        for (int i = 0; i < values.length; i++) {
            text = text.replace("{" + i + "}", String.valueOf(values[i]));
        }
        return text;
    }
}

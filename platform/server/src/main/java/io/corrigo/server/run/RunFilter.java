package io.corrigo.server.run;

import java.time.Instant;
import org.springframework.format.annotation.DateTimeFormat;

/**
 * Which runs of a tenant to list or export; every field is optional, bound from the query string.
 *
 * @param action   CORRECT, AMBIGUOUS, INCORRECT, or NAIVE for naive-mode runs
 * @param degraded only degraded (true) or only clean (false) runs
 * @param from     created at or after
 * @param to       created before
 * @param feedback helpful, not_helpful, any (with feedback) or none (without)
 * @param q        words the question or the answer contains (case-insensitive), or {@code null}
 */
public record RunFilter(String action, Boolean degraded,
                        @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME) Instant from,
                        @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME) Instant to,
                        String feedback, String q) {

    public static final RunFilter ALL = new RunFilter(null, null, null, null, null, null);

    /** A filter without text search. */
    public RunFilter(String action, Boolean degraded, Instant from, Instant to, String feedback) {
        this(action, degraded, from, to, feedback, null);
    }
}

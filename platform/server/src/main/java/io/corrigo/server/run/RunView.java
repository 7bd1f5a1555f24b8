package io.corrigo.server.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/** A stored run; {@code citations} and {@code trace} are left out of listings. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunView(String id, String tenant, int pipelineVersion, String question, String answer,
                      boolean abstained, boolean degraded, String action, String mode, double totalMillis,
                      Instant createdAt, Feedback feedback, JsonNode citations, JsonNode trace) {

    /** A user's rating of the answer. */
    public record Feedback(String rating, String comment, Instant at) {
    }
}

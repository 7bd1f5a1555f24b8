package io.corrigo.server.eval;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.corrigo.api.Grade;
import io.corrigo.engine.trace.PassageTrace;
import io.corrigo.engine.trace.StripTrace;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a run-log export ({@code GET /api/v1/tenants/{t}/runs/export}, JSON Lines with traces) into a calibration
 * {@link Calibration.Recording}: every corrective run a user rated {@code helpful} or {@code not_helpful} becomes a
 * recorded question labelled by its {@link Label.Feedback}. Runs without a rating, naive runs and runs without a
 * trace are skipped.
 *
 * <p>A trace holds what its run looked at, so the replay is an approximation: fallback results exist only for runs
 * that searched (a replay that would search where the run did not finds nothing), and sentences only for the
 * passages the run kept.
 */
public final class FeedbackRuns {

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /** The rated runs, and how many lines were skipped. */
    public record Read(Calibration.Recording recording, int skipped) {
    }

    private FeedbackRuns() {
    }

    /**
     * @throws IllegalArgumentException naming the line of the first unreadable run, or when no run was rated
     */
    public static Read parse(String name, List<String> lines) {
        List<Calibration.Recorded> recorded = new ArrayList<>();
        List<Double> kbMillis = new ArrayList<>();
        List<Double> fallbackMillis = new ArrayList<>();
        int skipped = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            try {
                JsonNode run = JSON.readTree(lines.get(i));
                String rating = run.path("feedback").asText("");
                JsonNode trace = run.path("trace");
                if (!(rating.equals("helpful") || rating.equals("not_helpful")) || !trace.isObject()
                        || !trace.path("action").isTextual()) {
                    skipped++;
                    continue;
                }
                Grade action = Grade.valueOf(trace.get("action").asText());
                boolean abstained = trace.path("abstained").asBoolean();
                List<PassageTrace> kb = list(trace.path("retrieved"), new TypeReference<>() { });
                List<PassageTrace> web = list(trace.path("searchResults"), new TypeReference<>() { });
                List<StripTrace> strips = list(trace.path("strips"), new TypeReference<>() { });
                recorded.add(new Calibration.Recorded(run.path("id").asText("line-" + (i + 1)),
                        new Label.Feedback(rating.equals("helpful"), action, abstained), kb, web, strips));
                (web.isEmpty() ? kbMillis : fallbackMillis).add(trace.path("totalMillis").asDouble());
            } catch (Exception e) {
                throw new IllegalArgumentException(name + " line " + (i + 1) + ": not a run of the run-log export ("
                        + e.getMessage() + ")", e);
            }
        }
        if (recorded.isEmpty()) {
            throw new IllegalArgumentException(name + " holds no corrective run rated helpful or not_helpful ("
                    + skipped + " runs without a rating skipped)");
        }
        return new Read(new Calibration.Recording(recorded, EvalMetrics.mean(kbMillis), EvalMetrics.mean(fallbackMillis)),
                skipped);
    }

    private static <T> List<T> list(JsonNode array, TypeReference<List<T>> type) {
        return array.isArray() ? JSON.convertValue(array, type) : List.of();
    }
}

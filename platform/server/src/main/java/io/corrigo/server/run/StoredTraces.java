package io.corrigo.server.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.corrigo.api.Answer;
import io.corrigo.api.Citation;
import io.corrigo.engine.trace.RunTrace;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The stored form of a run's answer and trace (the {@code run.trace} column): JSON with a schema version, written by
 * this version and read from it and every earlier one through explicit upgrade steps, so that a renamed or new
 * component of the trace records never hides the runs kept before it.
 *
 * <ul>
 *   <li>Version 1 (no {@code schemaVersion} field): as written up to 2026-11-26; traces from before Self-RAG have no
 *       {@code retrievalDecision}.</li>
 *   <li>Version 2: {@code schemaVersion} at the top; every trace has a {@code retrievalDecision} (a version 1 trace
 *       without one is upgraded to "retrieved, decision not recorded").</li>
 * </ul>
 * A change to the trace records that an older stored trace would not read as meant adds a version and its step here,
 * and a test reading a stored trace of the version before.
 */
final class StoredTraces {

    /** The version this host writes. */
    static final int VERSION = 2;

    /** The step from version {@code n} to {@code n + 1}, by {@code n}. */
    private static final Map<Integer, Consumer<ObjectNode>> UPGRADES = Map.of(1, StoredTraces::fromVersion1);

    /**
     * A stored run read back.
     *
     * @param schemaVersion the version it was written with
     * @param citations     its answer's citations
     * @param trace         its trace, upgraded to this version's records
     */
    record Read(int schemaVersion, List<Citation> citations, RunTrace trace) {
    }

    private record Written(int schemaVersion, Answer answer, RunTrace trace) {
    }

    private final ObjectMapper json;

    StoredTraces(ObjectMapper json) {
        this.json = json;
    }

    /** The stored form of a run: written in one pass (it is on every question's path). */
    String write(Answer answer, RunTrace trace) {
        try {
            return json.writeValueAsString(new Written(VERSION, answer, trace));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A stored run of this or an earlier version. @throws IllegalArgumentException for a stored form this host cannot
     * read: not JSON, or written by a newer version
     */
    Read read(String stored) {
        try {
            // decimals as written (a timestamp's nanoseconds, a score's last digit): not through double on the way
            if (!(json.reader().with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).readTree(stored)
                    instanceof ObjectNode node)) {
                throw new IllegalArgumentException("a stored run is a JSON object");
            }
            int version = node.path("schemaVersion").asInt(1);
            if (version > VERSION) {
                throw new IllegalArgumentException("written by a newer version (trace schema " + version
                        + "; this host reads up to " + VERSION + ")");
            }
            for (int step = version; step < VERSION; step++) {
                UPGRADES.get(step).accept(node);
            }
            ObjectNode answer = node.path("answer") instanceof ObjectNode a ? a : json.createObjectNode();
            RunTrace trace = node.hasNonNull("trace") ? json.readerFor(RunTrace.class)
                    .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).readValue(node.get("trace")) : null;
            List<Citation> citations = answer.has("citations") ? json.readerForListOf(Citation.class)
                    .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).readValue(answer.get("citations")) : List.of();
            return new Read(version, citations, trace);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("not a stored run: " + e.getMessage(), e);
        }
    }

    /** Version 1 → 2: a trace from before Self-RAG gets the decision every later run records. */
    private static void fromVersion1(ObjectNode stored) {
        if (stored.path("trace") instanceof ObjectNode trace && !trace.hasNonNull("retrievalDecision")) {
            ObjectNode decision = trace.putObject("retrievalDecision");
            decision.put("retrieve", true);
            decision.put("decidedBy", "not recorded");
            decision.put("reason", "recorded before the retrieve-or-not decision was kept");
        }
    }
}

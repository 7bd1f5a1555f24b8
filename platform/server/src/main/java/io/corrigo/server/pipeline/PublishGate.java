package io.corrigo.server.pipeline;

import java.util.List;

/**
 * A check a pipeline version must pass before it goes live (the golden evaluation sets): asked by
 * {@link PipelineService#publish(String, int, String)} for every version that is not active yet.
 */
public interface PublishGate {

    /** What the gate found: whether the version is held, why, and the questions it makes worse. */
    record Verdict(boolean held, String summary, List<String> worse) {

        public Verdict {
            worse = worse == null ? List.of() : List.copyOf(worse);
        }

        /** Nothing to check, or nothing worse. */
        public static Verdict pass(String summary) {
            return new Verdict(false, summary, List.of());
        }
    }

    /** The verdict on publishing {@code version} of the tenant's pipeline in place of the active one. */
    Verdict check(String tenantId, int version);
}

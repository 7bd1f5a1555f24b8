package io.corrigo.engine;

import io.corrigo.api.Grade;
import io.corrigo.api.Passage;
import io.corrigo.api.Query;
import io.corrigo.api.ScoredPassage;
import io.corrigo.engine.trace.Stage;
import io.corrigo.engine.trace.TraceRecorder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The previous answer's evidence in a follow-up: the passages it cited join the candidates and are graded again for
 * the new question like any retrieved passage, so a citation is never carried over unchecked — one that no longer
 * answers is graded down and dropped, and the trace says which were kept.
 */
final class CarriedEvidence {

    /** At most this many cited passages are carried into the next turn. */
    static final int MAX = 5;

    private CarriedEvidence() {
    }

    /**
     * The carried passages to grade beside {@code retrieved}: those within the question's scope that retrieval did not
     * find again, at most {@link #MAX}.
     */
    static List<Passage> toGradeAgain(Query query, List<Passage> retrieved, List<Passage> carried) {
        if (carried == null || carried.isEmpty()) {
            return List.of();
        }
        Set<String> seen = new HashSet<>();
        retrieved.forEach(p -> seen.add(key(p)));
        List<Passage> again = new ArrayList<>();
        for (Passage passage : carried) {
            if (passage != null && again.size() < MAX && (query.filter().isNone() || query.filter().matches(passage))
                    && seen.add(key(passage))) {
                again.add(passage);
            }
        }
        return List.copyOf(again);
    }

    /** Says in the trace how the carried passages were graded for this question and which were kept. */
    static void record(List<Passage> carried, List<ScoredPassage> graded, List<ScoredPassage> kept,
                       TraceRecorder trace) {
        if (carried.isEmpty()) {
            return;
        }
        Set<String> keys = new HashSet<>();
        carried.forEach(p -> keys.add(key(p)));
        Set<String> keptKeys = new HashSet<>();
        kept.forEach(s -> keptKeys.add(key(s.passage())));
        List<String> held = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        for (ScoredPassage scored : graded) {
            String key = key(scored.passage());
            if (keys.contains(key)) {
                String label = scored.passage().source().label() + " (" + scored.grade().name()
                        + (scored.grade() == Grade.INCORRECT ? "" : String.format(java.util.Locale.ROOT, " %.2f",
                        scored.score())) + ")";
                (keptKeys.contains(key) ? held : dropped).add(label);
            }
        }
        trace.notice(Stage.EVALUATE, "the previous answer's cited passages were graded again for this question: "
                + (held.isEmpty() ? "none kept" : "kept " + String.join(", ", held))
                + (dropped.isEmpty() ? "" : "; dropped " + String.join(", ", dropped)), false);
    }

    private static String key(Passage passage) {
        return Objects.requireNonNull(passage.source().documentId()) + '\u0000' + passage.id();
    }
}

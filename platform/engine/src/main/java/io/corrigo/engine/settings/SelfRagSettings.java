package io.corrigo.engine.settings;

import java.util.ArrayList;
import java.util.List;

/**
 * The Self-RAG part of a pipeline: whether to decide if a question needs retrieval at all, whether to critique
 * answers before serving them, and how strict the critique is.
 *
 * @param decideRetrieval whether greetings, thanks and questions about the assistant skip retrieval (the critic's
 *                        decision when it has one, else the host's heuristic); off: always retrieve
 * @param critique        whether answers are critiqued (ISSUP per sentence, ISUSE for the whole) before serving;
 *                        needs a critic stage, or a generator emitting Self-RAG reflection tokens
 * @param minSupport      the least mean sentence support (fully 1, partially 0.5, none 0) an answer needs to be
 *                        served without another round (0–1)
 * @param minUsefulness   the least usefulness (1–5) an answer needs to be served without another round
 * @param maxRounds       how many more attempts (regenerate or re-retrieve) after the first answer (0–5)
 */
public record SelfRagSettings(boolean decideRetrieval, boolean critique, double minSupport, int minUsefulness,
                              int maxRounds) {

    /** On, with two more rounds at most (Self-RAG's own default depth is small; every round costs a generation). */
    public static final SelfRagSettings DEFAULTS = new SelfRagSettings(true, true, 0.8, 3, 2);

    /** Neither decision nor critique: the CRAG pipeline alone. */
    public static final SelfRagSettings OFF = new SelfRagSettings(false, false, 0.8, 3, 2);

    public SelfRagSettings {
        List<String> problems = new ArrayList<>();
        if (!(minSupport >= 0 && minSupport <= 1)) {
            problems.add("selfRag.minSupport: must be between 0 and 1, was " + minSupport);
        }
        if (minUsefulness < 1 || minUsefulness > 5) {
            problems.add("selfRag.minUsefulness: must be between 1 and 5, was " + minUsefulness);
        }
        if (maxRounds < 0 || maxRounds > 5) {
            problems.add("selfRag.maxRounds: must be between 0 and 5, was " + maxRounds);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
    }
}

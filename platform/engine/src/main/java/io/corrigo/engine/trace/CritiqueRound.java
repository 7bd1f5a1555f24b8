package io.corrigo.engine.trace;

import io.corrigo.api.Reflection;
import io.corrigo.api.SentenceSupport;
import java.util.List;

/**
 * One round of the Self-RAG critique loop: a candidate answer, its judgement and what followed.
 *
 * @param round        1 for the first answer, then one more per regeneration or re-retrieval
 * @param question     the question the candidate answers (rewritten after a re-retrieval)
 * @param answer       the candidate's text
 * @param sentences    ISSUP per sentence, empty when not judged
 * @param support      mean sentence support in [0, 1], or {@code null} when not judged
 * @param usefulness   ISUSE 1–5, or {@code null} when not judged
 * @param judgedBy     {@code critic}, {@code reflection tokens}, or {@code null} when not judged
 * @param criticReason the critic's explanation, or {@code null}
 * @param reflection   the reflection tokens the generator emitted, or {@code null}
 * @param decision     what happened next
 * @param why          the reason for the decision, in a sentence
 * @param retrieval    the trace of the re-retrieval this round's answer came from, or {@code null}
 */
public record CritiqueRound(int round, String question, String answer, List<SentenceSupport> sentences, Double support,
                            Integer usefulness, String judgedBy, String criticReason, Reflection reflection,
                            CritiqueDecision decision, String why, RunTrace retrieval) {

    public CritiqueRound {
        sentences = sentences == null ? List.of() : List.copyOf(sentences);
    }
}

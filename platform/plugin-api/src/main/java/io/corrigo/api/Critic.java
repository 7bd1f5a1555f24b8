package io.corrigo.api;

/**
 * Judges an answer before it is served: Self-RAG's reflection on generation. Is each sentence supported by the
 * context (ISSUP)? Is the answer useful for the question (ISUSE)? Optionally also: does a question need retrieval
 * at all (the Retrieve token)?
 *
 * <p>The pipeline uses the judgement to serve the answer, regenerate it without its unsupported sentences, or
 * rewrite the question and retrieve again, within the pipeline's bounded number of rounds; it then serves the best
 * candidate or abstains. Every judgement lands in the run trace.
 *
 * <p><b>How to implement.</b> Return one {@link SentenceSupport} per answer sentence, in order, and a usefulness
 * from 1 to 5; never {@code null}. Judge against {@link CritiqueRequest#context()} only, not against what the
 * model knows. Throwing is allowed: the answer is then served unchecked and the run is flagged degraded.
 * Instances are called from several threads.
 */
@FunctionalInterface
public interface Critic {

    /** The support of each sentence of {@code request.answer()} and the usefulness of the whole. */
    Critique critique(CritiqueRequest request);

    /**
     * Whether {@code query} needs retrieval. The default has no opinion ({@link RetrievalNeed#UNDECIDED}), and the
     * host applies its own conversational-turn heuristic.
     */
    default RetrievalNeed needsRetrieval(Query query) {
        return RetrievalNeed.UNDECIDED;
    }
}

package io.corrigo.engine.analyse;

import io.corrigo.api.answer.QuestionAnalysis;

/**
 * What a question asks, read in one language: its answer type, focus, names and figures. One per language, chosen once
 * per run by the {@link AnalyseStage} from the question's detected language and carried on the query, so that no
 * later stage or plugin reads the question's grammar again ({@code QuestionAnalysis.of(query)}).
 */
public interface QuestionAnalyzer {

    /** The ISO 639-1 code of the language this analyzer reads. */
    String language();

    /** The analysis of {@code question}; never fails (a question it cannot read is of type {@code OTHER}). */
    QuestionAnalysis analyse(String question);
}

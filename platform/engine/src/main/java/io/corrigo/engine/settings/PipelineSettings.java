package io.corrigo.engine.settings;

import java.util.ArrayList;
import java.util.List;

/**
 * The tunable numbers of a pipeline.
 *
 * @param mode           naive baseline or corrective
 * @param topK           knowledge-base passages to retrieve (1–100)
 * @param upperThreshold a passage scoring at least this is CORRECT
 * @param lowerThreshold a passage scoring below this is INCORRECT; in between is AMBIGUOUS
 * @param stripThreshold a sentence scoring at least this is kept by refinement
 * @param tokenBudget    the most words of context handed to the generator (20–20000)
 * @param searchResults  web results to ask the search provider for (1–50)
 * @param onSearchFailure what to do when the web fallback was needed and failed (default: answer from the KB)
 * @param parallelSearch whether to start the web search together with retrieval, cancelling it when the knowledge
 *                       base answers (CORRECT): lower latency on web-routed questions, more search calls
 * @param selfRag        retrieve-or-not and the critique loop (default {@link SelfRagSettings#DEFAULTS}; absent in
 *                       pipelines saved before it existed, which then get the defaults)
 * @param stripRatio     a sentence is kept only if it scores at least this share of the best sentence's score
 *                       (0–1; 0 keeps every sentence at or above the strip threshold): refinement keeps the sentences
 *                       that answer, not every sentence that clears an absolute bar. Pipelines saved before it
 *                       existed read 0.
 */
public record PipelineSettings(Mode mode, int topK, double upperThreshold, double lowerThreshold,
                               double stripThreshold, int tokenBudget, int searchResults,
                               SearchFailurePolicy onSearchFailure, boolean parallelSearch, SelfRagSettings selfRag,
                               double stripRatio) {

    /**
     * Defaults for the answerhood evaluator (probabilities that a passage or sentence answers): lower, strip and ratio
     * chosen on SQuAD 2.0 questions the evaluator's fit also saw (the most abstentions within 10 % false abstention,
     * then the best context precision), the upper threshold lightly on the development split of the Corrigo benchmark
     * (SQuAD is flat there); see the lightweight-evaluator README.
     */
    public static final PipelineSettings DEFAULTS =
            new PipelineSettings(Mode.CORRECTIVE, 8, 0.15, 0.05, 0.02, 400, 5, SearchFailurePolicy.ANSWER_FROM_KB, false,
                    SelfRagSettings.DEFAULTS, 0.85);

    /** Settings without a strip ratio. */
    public PipelineSettings(Mode mode, int topK, double upperThreshold, double lowerThreshold, double stripThreshold,
                            int tokenBudget, int searchResults, SearchFailurePolicy onSearchFailure,
                            boolean parallelSearch, SelfRagSettings selfRag) {
        this(mode, topK, upperThreshold, lowerThreshold, stripThreshold, tokenBudget, searchResults, onSearchFailure,
                parallelSearch, selfRag, 0);
    }

    /** Settings with the default Self-RAG part. */
    public PipelineSettings(Mode mode, int topK, double upperThreshold, double lowerThreshold, double stripThreshold,
                            int tokenBudget, int searchResults, SearchFailurePolicy onSearchFailure,
                            boolean parallelSearch) {
        this(mode, topK, upperThreshold, lowerThreshold, stripThreshold, tokenBudget, searchResults, onSearchFailure,
                parallelSearch, SelfRagSettings.DEFAULTS);
    }

    /** Settings with the default failure policy and sequential search. */
    public PipelineSettings(Mode mode, int topK, double upperThreshold, double lowerThreshold, double stripThreshold,
                            int tokenBudget, int searchResults) {
        this(mode, topK, upperThreshold, lowerThreshold, stripThreshold, tokenBudget, searchResults,
                SearchFailurePolicy.ANSWER_FROM_KB, false, SelfRagSettings.DEFAULTS);
    }

    public PipelineSettings {
        onSearchFailure = onSearchFailure == null ? SearchFailurePolicy.ANSWER_FROM_KB : onSearchFailure;
        selfRag = selfRag == null ? SelfRagSettings.DEFAULTS : selfRag;
        List<String> problems = new ArrayList<>();
        if (mode == null) {
            problems.add("mode: required");
        }
        if (topK < 1 || topK > 100) {
            problems.add("topK: must be between 1 and 100, was " + topK);
        }
        checkUnit("upperThreshold", upperThreshold, problems);
        checkUnit("lowerThreshold", lowerThreshold, problems);
        checkUnit("stripThreshold", stripThreshold, problems);
        checkUnit("stripRatio", stripRatio, problems);
        if (lowerThreshold > upperThreshold) {
            problems.add("lowerThreshold (" + lowerThreshold + ") must not exceed upperThreshold (" + upperThreshold + ")");
        }
        if (tokenBudget < 20 || tokenBudget > 20_000) {
            problems.add("tokenBudget: must be between 20 and 20000, was " + tokenBudget);
        }
        if (searchResults < 1 || searchResults > 50) {
            problems.add("searchResults: must be between 1 and 50, was " + searchResults);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
    }

    private static void checkUnit(String name, double value, List<String> problems) {
        if (!(value >= 0 && value <= 1)) {
            problems.add(name + ": must be between 0 and 1, was " + value);
        }
    }

    public PipelineSettings withMode(Mode value) {
        return new PipelineSettings(value, topK, upperThreshold, lowerThreshold, stripThreshold, tokenBudget,
                searchResults, onSearchFailure, parallelSearch, selfRag, stripRatio);
    }

    public PipelineSettings withStripRatio(double value) {
        return new PipelineSettings(mode, topK, upperThreshold, lowerThreshold, stripThreshold, tokenBudget,
                searchResults, onSearchFailure, parallelSearch, selfRag, value);
    }

    public PipelineSettings withThresholds(double upper, double lower, double strip) {
        return new PipelineSettings(mode, topK, upper, lower, strip, tokenBudget, searchResults, onSearchFailure,
                parallelSearch, selfRag, stripRatio);
    }

    public PipelineSettings withSearch(SearchFailurePolicy policy, boolean parallel) {
        return new PipelineSettings(mode, topK, upperThreshold, lowerThreshold, stripThreshold, tokenBudget,
                searchResults, policy, parallel, selfRag, stripRatio);
    }

    public PipelineSettings withSelfRag(SelfRagSettings value) {
        return new PipelineSettings(mode, topK, upperThreshold, lowerThreshold, stripThreshold, tokenBudget,
                searchResults, onSearchFailure, parallelSearch, value, stripRatio);
    }
}

package io.corrigo.engine.settings;

import io.corrigo.api.config.ConfigProblem;
import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.InvalidConfigException;
import io.corrigo.api.config.PluginConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * @param confidenceHigh  a served answer whose {@link io.corrigo.engine.confidence.AnswerConfidence} score (the calibrated
 *                        probability that it is right) is at least this is of high confidence, else medium (absent:
 *                        the default, 0.5)
 * @param mediumConfidence what happens to an answer of medium confidence: served, flagged or withheld
 * @param onConflict      what happens when the sources give different figures or dates for the asked detail (absent:
 *                        {@link ConflictPolicy#IGNORE}: flagged in the trace only)
 */
public record PipelineSettings(Mode mode, int topK, double upperThreshold, double lowerThreshold,
                               double stripThreshold, int tokenBudget, int searchResults,
                               SearchFailurePolicy onSearchFailure, boolean parallelSearch, SelfRagSettings selfRag,
                               double stripRatio, Double confidenceHigh, MediumConfidence mediumConfidence,
                               ConflictPolicy onConflict) {

    /**
     * The default of {@code confidenceHigh}: the score is a calibrated probability of being right, so high means more
     * likely right than wrong.
     */
    static final double DEFAULT_CONFIDENCE_HIGH = 0.5;

    /**
     * The settings described as data, with their defaults and bounds (the one place they are written). Threshold
     * defaults are for the answerhood evaluator (probabilities that a passage or sentence answers): lower, strip and
     * ratio chosen on SQuAD 2.0 questions the evaluator's fit also saw (the most abstentions within 10 % false
     * abstention, then the best context precision), the upper threshold lightly on the development split of the
     * Corrigo benchmark (SQuAD is flat there); see the lightweight-evaluator README.
     */
    private static final List<ConfigProperty> PROPERTIES = List.of(
            ConfigProperty.choice("mode", "Mode", Mode.CORRECTIVE.name(), names(Mode.values()))
                    .withDescription("CORRECTIVE grades, corrects and refines; NAIVE is baseline RAG (retrieve, generate)."),
            ConfigProperty.integer("topK", "Passages retrieved (top-k)", 8).withRange(1, 100),
            unit("upperThreshold", "Upper threshold (CORRECT at or above)", 0.15),
            unit("lowerThreshold", "Lower threshold (INCORRECT below)", 0.05),
            unit("stripThreshold", "Strip threshold (sentence kept at or above)", 0.02),
            unit("stripRatio", "Strip ratio (share of the best sentence's score a kept sentence needs)",
                    0.85),
            ConfigProperty.integer("tokenBudget", "Context budget (words)", 400).withRange(20, 20_000),
            ConfigProperty.integer("searchResults", "Web results requested", 5).withRange(1, 50),
            ConfigProperty.choice("onSearchFailure", "When the web fallback fails", SearchFailurePolicy.ANSWER_FROM_KB.name(),
                    names(SearchFailurePolicy.values()))
                    .withDescription("ANSWER_FROM_KB answers from the knowledge base, flagged incomplete; REFUSE declines."),
            ConfigProperty.bool("parallelSearch", "Search in parallel with retrieval", false)
                    .withDescription("Lower latency on web-routed questions, more search calls."),
            unit("confidenceHigh", "High confidence at or above", DEFAULT_CONFIDENCE_HIGH)
                    .withDescription("An answer whose best passage is graded at or above this is shown as of high"
                            + " confidence, below it as medium. The evaluation's --error-budget picks it."),
            ConfigProperty.choice("mediumConfidence", "Answers of medium confidence", MediumConfidence.SERVE.name(),
                    names(MediumConfidence.values()))
                    .withDescription("SERVE marks them medium; FLAG adds a notice to check the sources; WITHHOLD abstains."),
            ConfigProperty.choice("onConflict", "When sources disagree", ConflictPolicy.IGNORE.name(),
                    names(ConflictPolicy.values()))
                    .withDescription("When kept sources give different figures or dates for the asked detail: NAME_BOTH says so"
                            + " with both citations; ABSTAIN declines; IGNORE serves the answer as written."));

    /** The defaults of {@link #properties()}, with Self-RAG's defaults. */
    public static final PipelineSettings DEFAULTS = from(Map.of(), SelfRagSettings.DEFAULTS);

    /** Settings with the default confidence threshold and policy. */
    public PipelineSettings(Mode mode, int topK, double upperThreshold, double lowerThreshold, double stripThreshold,
                            int tokenBudget, int searchResults, SearchFailurePolicy onSearchFailure,
                            boolean parallelSearch, SelfRagSettings selfRag, double stripRatio) {
        this(mode, topK, upperThreshold, lowerThreshold, stripThreshold, tokenBudget, searchResults, onSearchFailure,
                parallelSearch, selfRag, stripRatio, DEFAULT_CONFIDENCE_HIGH, MediumConfidence.SERVE, ConflictPolicy.IGNORE);
    }

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
        // absent in pipelines saved before they existed: the defaults
        confidenceHigh = confidenceHigh == null ? DEFAULT_CONFIDENCE_HIGH : confidenceHigh;
        mediumConfidence = mediumConfidence == null ? MediumConfidence.SERVE : mediumConfidence;
        onConflict = onConflict == null ? ConflictPolicy.IGNORE : onConflict;
        onSearchFailure = onSearchFailure == null ? SearchFailurePolicy.ANSWER_FROM_KB : onSearchFailure;
        selfRag = selfRag == null ? SelfRagSettings.DEFAULTS : selfRag;
        List<String> problems = new ArrayList<>();
        if (mode == null) {
            problems.add("mode: required");
        }
        Checked.range(PROPERTIES, "", "topK", topK, problems);
        Checked.range(PROPERTIES, "", "upperThreshold", upperThreshold, problems);
        Checked.range(PROPERTIES, "", "lowerThreshold", lowerThreshold, problems);
        Checked.range(PROPERTIES, "", "stripThreshold", stripThreshold, problems);
        Checked.range(PROPERTIES, "", "stripRatio", stripRatio, problems);
        Checked.range(PROPERTIES, "", "confidenceHigh", confidenceHigh, problems);
        if (lowerThreshold > upperThreshold) {
            problems.add("lowerThreshold: " + disorder(lowerThreshold, upperThreshold));
        }
        Checked.range(PROPERTIES, "", "tokenBudget", tokenBudget, problems);
        Checked.range(PROPERTIES, "", "searchResults", searchResults, problems);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
    }

    /**
     * The settings (Self-RAG's apart: {@link SelfRagSettings#properties()}) described as data, like a plugin's: the
     * admin UI draws its form from them and {@link #from} checks values with the same rules as the record does.
     */
    public static List<ConfigProperty> properties() {
        return PROPERTIES;
    }

    private static String disorder(double lower, double upper) {
        return "must not be above the upper threshold (" + lower + " is above " + upper + ")";
    }

    private static String valueOf(Map<String, String> values, String name) {
        String value = values.get(name);
        return value == null || value.isBlank() ? PROPERTIES.stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow().defaultValue() : value.trim();
    }

    private static ConfigProperty unit(String name, String label, double defaultValue) {
        return ConfigProperty.decimal(name, label, defaultValue).withRange(0, 1);
    }

    static List<String> names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).toList();
    }

    /** These settings' values (Self-RAG's apart) by {@link #properties() property} name, as text. */
    public Map<String, String> values() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("mode", mode.name());
        values.put("topK", Integer.toString(topK));
        values.put("upperThreshold", Double.toString(upperThreshold));
        values.put("lowerThreshold", Double.toString(lowerThreshold));
        values.put("stripThreshold", Double.toString(stripThreshold));
        values.put("stripRatio", Double.toString(stripRatio));
        values.put("tokenBudget", Integer.toString(tokenBudget));
        values.put("searchResults", Integer.toString(searchResults));
        values.put("onSearchFailure", onSearchFailure.name());
        values.put("parallelSearch", Boolean.toString(parallelSearch));
        values.put("confidenceHigh", Double.toString(confidenceHigh));
        values.put("mediumConfidence", mediumConfidence.name());
        values.put("onConflict", onConflict.name());
        return values;
    }

    /**
     * Settings from {@link #values()}-style text (missing ones take their defaults) and a Self-RAG part.
     *
     * @throws InvalidConfigException with one {@link io.corrigo.api.config.ConfigProblem} per wrong setting, its
     *                                path the property's name
     */
    public static PipelineSettings from(Map<String, String> values, SelfRagSettings selfRag) {
        PluginConfig c;
        try {
            c = PluginConfig.resolve(PROPERTIES, values);
        } catch (InvalidConfigException e) {
            // the thresholds' order is checked too, so that every wrong field is reported at once
            List<ConfigProblem> problems = new ArrayList<>(e.details());
            try {
                double lower = Double.parseDouble(valueOf(values, "lowerThreshold"));
                double upper = Double.parseDouble(valueOf(values, "upperThreshold"));
                if (lower > upper) {
                    problems.add(new ConfigProblem("lowerThreshold", disorder(lower, upper)));
                }
            } catch (NumberFormatException unreadable) {
                // already reported
            }
            throw InvalidConfigException.of(problems);
        }
        return Checked.construct(() -> new PipelineSettings(Mode.valueOf(c.string("mode").orElseThrow()),
                (int) c.integer("topK"), c.decimal("upperThreshold"), c.decimal("lowerThreshold"),
                c.decimal("stripThreshold"), (int) c.integer("tokenBudget"), (int) c.integer("searchResults"),
                SearchFailurePolicy.valueOf(c.string("onSearchFailure").orElseThrow()), c.bool("parallelSearch"),
                selfRag, c.decimal("stripRatio"), c.decimal("confidenceHigh"),
                MediumConfidence.valueOf(c.string("mediumConfidence").orElseThrow()),
                ConflictPolicy.valueOf(c.string("onConflict").orElseThrow())));
    }

    public PipelineSettings withMode(Mode value) {
        return new PipelineSettings(value, topK, upperThreshold, lowerThreshold, stripThreshold, tokenBudget,
                searchResults, onSearchFailure, parallelSearch, selfRag, stripRatio, confidenceHigh, mediumConfidence, onConflict);
    }

    public PipelineSettings withStripRatio(double value) {
        return new PipelineSettings(mode, topK, upperThreshold, lowerThreshold, stripThreshold, tokenBudget,
                searchResults, onSearchFailure, parallelSearch, selfRag, value, confidenceHigh,
                mediumConfidence, onConflict);
    }

    public PipelineSettings withThresholds(double upper, double lower, double strip) {
        return new PipelineSettings(mode, topK, upper, lower, strip, tokenBudget, searchResults, onSearchFailure,
                parallelSearch, selfRag, stripRatio, confidenceHigh, mediumConfidence, onConflict);
    }

    public PipelineSettings withSearch(SearchFailurePolicy policy, boolean parallel) {
        return new PipelineSettings(mode, topK, upperThreshold, lowerThreshold, stripThreshold, tokenBudget,
                searchResults, policy, parallel, selfRag, stripRatio, confidenceHigh, mediumConfidence, onConflict);
    }

    /** These settings with another confidence threshold and medium-confidence policy. */
    public PipelineSettings withConfidence(double high, MediumConfidence medium) {
        return new PipelineSettings(mode, topK, upperThreshold, lowerThreshold, stripThreshold, tokenBudget,
                searchResults, onSearchFailure, parallelSearch, selfRag, stripRatio, high, medium, onConflict);
    }

    /** These settings with another policy for sources that disagree. */
    public PipelineSettings withConflictPolicy(ConflictPolicy value) {
        return new PipelineSettings(mode, topK, upperThreshold, lowerThreshold, stripThreshold, tokenBudget,
                searchResults, onSearchFailure, parallelSearch, selfRag, stripRatio, confidenceHigh, mediumConfidence,
                value);
    }

    public PipelineSettings withSelfRag(SelfRagSettings value) {
        return new PipelineSettings(mode, topK, upperThreshold, lowerThreshold, stripThreshold, tokenBudget,
                searchResults, onSearchFailure, parallelSearch, value, stripRatio, confidenceHigh,
                mediumConfidence, onConflict);
    }
}

package io.corrigo.plugins.hybrid;

import io.corrigo.api.config.ConfigProperty;
import io.corrigo.api.config.PluginConfig;
import java.util.List;

/**
 * How a hybrid retriever fuses its lexical and vector lists: weighted reciprocal rank fusion.
 *
 * @param candidates   hits each list contributes before fusion
 * @param rrfK         the fusion constant: a hit at rank r scores {@code weight / (rrfK + r)} in each list
 * @param vectorWeight the vector list's share of the fused score in [0, 1]; the lexical list has the rest
 */
public record FusionSettings(int candidates, int rrfK, double vectorWeight) {

    public FusionSettings {
        if (candidates < 1 || rrfK < 1 || vectorWeight < 0 || vectorWeight > 1) {
            throw new IllegalArgumentException("candidates and rrfK must be at least 1 and vectorWeight in [0, 1]");
        }
    }

    /**
     * The three settings as a factory declares them, with their defaults (50, 60, 0.5) and bounds.
     *
     * @param lexical what the retriever calls its lexical search in help texts (BM25, full-text search)
     * @param vector  what it calls its vector search (vector search, k-NN)
     */
    public static List<ConfigProperty> properties(String lexical, String vector) {
        return List.of(
                ConfigProperty.integer("candidates", "Candidates per list", 50).withRange(1, 1000)
                        .withDescription("How many hits each of " + lexical + " and " + vector + " contributes before fusion."),
                ConfigProperty.integer("rrfK", "Fusion constant k", 60).withRange(1, 1000)
                        .withDescription("Reciprocal rank fusion: a hit at rank r scores 1/(k + r) in each list."),
                ConfigProperty.decimal("vectorWeight", "Vector weight", 0.5).withRange(0, 1)
                        .withDescription("Share of the fused score from " + vector + "; the rest comes from " + lexical + "."));
    }

    /** The settings of a resolved plugin configuration that declared {@link #properties}. */
    public static FusionSettings from(PluginConfig config) {
        return new FusionSettings((int) config.integer("candidates"), (int) config.integer("rrfK"),
                config.decimal("vectorWeight"));
    }

    /** Hits to ask each list for when {@code maxResults} passages are wanted. */
    public int candidates(int maxResults) {
        return Math.max(candidates, maxResults);
    }

    /** The lexical list's weight: all of it when there is no vector list. */
    public double lexicalWeight(boolean withVectors) {
        return withVectors ? 1 - vectorWeight : 1;
    }

    /** Whether a query with {@code queryHasEmbedding} runs the vector list at all. */
    public boolean usesVectors(boolean queryHasEmbedding) {
        return queryHasEmbedding && vectorWeight > 0;
    }
}
